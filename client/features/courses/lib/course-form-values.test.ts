import { describe, expect, it } from 'vitest';
import {
  courseFormValues,
  newTee,
  resizeHoles,
  toCoursePayload,
  validateCourseForm,
} from './course-form-values';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5];
const SI = [3, 7, 9, 1, 5, 4, 8, 6, 2];

function nineHoleForm() {
  const v = courseFormValues();
  v.name = 'Banan';
  v.club = 'Klubben';
  v.location = 'Orten';
  v.latitude = 59.3;
  v.longitude = 18.1;
  v.holes = 9;
  const tee = newTee(9, 'Gul');
  tee.ratings[0] = { ...tee.ratings[0], courseRating: 35.6, slope: 130 };
  tee.ratings[1] = { ...tee.ratings[1], enabled: false };
  tee.holesData = PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i], lengthMeters: '' }));
  v.tees = [tee];
  return v;
}

describe('course form values (issue 29)', () => {
  it('makes the payload: par from the holes, only the rated genders, no empty lengths', () => {
    const payload = toCoursePayload(nineHoleForm());
    expect(payload.tees[0].ratings).toEqual([{ gender: 'male', par: 36, courseRating: 35.6, slope: 130 }]);
    expect(payload.tees[0].holesData[0]).toEqual({ number: 1, par: 4, strokeIndex: 3 });
    expect(validateCourseForm(nineHoleForm())).toEqual({});
  });

  it("keys the rules' messages by the form's fields, a rating by its place in the form", () => {
    const v = nineHoleForm();
    v.tees[0].holesData[1].strokeIndex = 3;
    v.tees[0].ratings = [
      { ...v.tees[0].ratings[0], enabled: false },
      { gender: 'female', enabled: true, courseRating: 35, slope: 200 },
    ];
    expect(validateCourseForm(v)).toEqual({
      'tees.0.holesData.1.strokeIndex':
        'Hcp-index 3 finns på flera hål: varje index 1–9 ska användas en gång',
      'tees.0.ratings.1.slope': 'Slope ska vara ett heltal mellan 55 och 155',
    });
  });

  it("shows the rules' messages for a 9-hole course at once, also while other fields are empty", () => {
    const v = nineHoleForm();
    v.name = '';
    v.tees[0].holesData[4].strokeIndex = '';
    v.tees[0].ratings[0].courseRating = '';
    const errors = validateCourseForm(v);
    expect(errors.name).toBe('Ange banans namn');
    expect(errors['tees.0.holesData.4.strokeIndex']).toBe('Hcp-index ska vara ett heltal 1–9');
    expect(errors['tees.0.ratings.0.courseRating']).toBe('Course rating för 9 hål ska vara mellan 25 och 45');
  });

  it('asks for an empty number in Swedish, and resizes holes between 9 and 18', () => {
    const v = nineHoleForm();
    v.latitude = '';
    expect(validateCourseForm(v).latitude).toBe('Ange latitud som ett tal mellan -90 och 90');
    const eighteen = resizeHoles(v.tees[0].holesData, 18);
    expect(eighteen).toHaveLength(18);
    expect(eighteen[9]).toEqual({ number: 10, par: 4, strokeIndex: '', lengthMeters: '' });
    expect(resizeHoles(eighteen, 9)).toEqual(v.tees[0].holesData);
  });
});
