import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { courseInputSchema } from '../schemas/courses';
import { courseProblems, courseRatingRange, holesProblems, parOfHoles } from './course';
import { parseHolesCsv } from './holes-csv';

const PARS_9 = [4, 4, 3, 5, 4, 4, 3, 4, 5];
const SI_9 = [3, 7, 9, 1, 5, 4, 8, 6, 2];
const nine = () =>
  PARS_9.map((par, i) => ({ number: i + 1, par, strokeIndex: SI_9[i], lengthMeters: 300 + i }));
const PARS_18 = [...PARS_9, ...PARS_9];
const SI_18 = [...SI_9.map((s) => s * 2 - 1), ...SI_9.map((s) => s * 2)];
const eighteen = () => PARS_18.map((par, i) => ({ number: i + 1, par, strokeIndex: SI_18[i] }));

function course(holes: 9 | 18 = 18) {
  const holesData = holes === 9 ? nine() : eighteen();
  const par = parOfHoles(holesData);
  return {
    name: 'Banan',
    club: 'Golfklubben',
    location: 'Orten',
    latitude: 59.3,
    longitude: 18.1,
    holes,
    tees: [
      {
        name: 'Gul',
        color: 'yellow' as const,
        ratings: [
          { gender: 'male' as const, par, courseRating: holes === 9 ? 35.6 : 71.2, slope: 130 },
          { gender: 'female' as const, par, courseRating: holes === 9 ? 37.1 : 74.3, slope: 135 },
        ],
        holesData,
      },
    ],
  };
}

const messages = (value: unknown) => {
  const r = courseInputSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('course rules (issue 29)', () => {
  it('accepts a valid 18-hole and 9-hole course', () => {
    expect(parOfHoles(eighteen())).toBe(72);
    expect(parOfHoles(nine())).toBe(36);
    expect(courseProblems(course(18))).toEqual([]);
    expect(courseProblems(course(9))).toEqual([]);
    expect(courseInputSchema.safeParse(course(18)).success).toBe(true);
    expect(courseInputSchema.safeParse(course(9)).success).toBe(true);
  });

  it('wants stroke indexes to be a permutation of 1..holes', () => {
    const holes = nine();
    holes[1].strokeIndex = 3; // hole 1 already has 3; 7 is now missing
    expect(holesProblems(holes, 9)).toEqual([
      {
        path: [1, 'strokeIndex'],
        message: 'Hcp-index 3 finns på flera hål: varje index 1–9 ska användas en gång',
      },
    ]);
    holes[1].strokeIndex = 10;
    expect(holesProblems(holes, 9)[0].message).toBe('Hcp-index ska vara ett heltal 1–9');
    expect(holesProblems(eighteen(), 18)).toEqual([]);
  });

  it("answers a 9-hole course's stroke index of 10 or 30 with its own range", () => {
    const c = course(9);
    c.tees[0].holesData[1].strokeIndex = 30;
    expect(messages(c)).toContain('Hcp-index ska vara ett heltal 1–9');
    c.tees[0].holesData[1].strokeIndex = 1.5;
    expect(messages(c)).toEqual([msg.strokeIndexNotInteger]);
  });

  it('wants every hole in order, with a par of 3-6', () => {
    expect(holesProblems(nine().slice(0, 8), 9)[0].message).toBe('Ange alla 9 hål för teen');
    const swapped = nine();
    swapped[0].number = 2;
    expect(holesProblems(swapped, 9).map((p) => p.path)).toContainEqual([0, 'number']);
    const seven = nine();
    seven[4].par = 7;
    expect(holesProblems(seven, 9)).toEqual([{ path: [4, 'par'], message: msg.holeParInvalid }]);
  });

  it("wants each rating's par to be the sum of the hole pars", () => {
    const c = course(18);
    c.tees[0].ratings[1].par = 73;
    expect(courseProblems(c)).toEqual([
      { path: ['tees', 0, 'ratings', 1, 'par'], message: 'Par för teen ska vara summan av hålens par (72)' },
    ]);
  });

  it('holds a 9-hole course to a 9-hole course rating, an 18-hole one to 50-90', () => {
    expect(courseRatingRange(9)).toEqual({ min: 25, max: 45 });
    const c9 = course(9);
    c9.tees[0].ratings[0].courseRating = 71.2;
    expect(messages(c9)).toEqual([msg.courseRatingNineInvalid]);
    const c18 = course(18);
    c18.tees[0].ratings[0].courseRating = 35.6;
    expect(messages(c18)).toEqual([msg.courseRatingInvalid]);
  });

  it('refuses slopes outside 55-155, ratings with two decimals, two ratings for one gender, tees of one name', () => {
    const c = course(18);
    c.tees[0].ratings[0].slope = 156;
    expect(messages(c)).toEqual(['Slope ska vara ett heltal mellan 55 och 155']);
    c.tees[0].ratings[0].slope = 54;
    expect(messages(c)).toEqual(['Slope ska vara ett heltal mellan 55 och 155']);
    c.tees[0].ratings[0].slope = 155;
    c.tees[0].ratings[0].courseRating = 71.25;
    expect(messages(c)).toEqual([msg.courseRatingInvalid]);
    const twice = course(18);
    twice.tees[0].ratings[1].gender = 'male';
    expect(messages(twice)).toEqual([msg.teeRatingGenderDuplicate]);
    const two = course(18);
    two.tees.push({ ...two.tees[0], name: ' gul ' });
    expect(messages(two)).toEqual([msg.teeNameDuplicate]);
  });

  it('refuses a course without tees, with 12 holes or too many tees, in Swedish', () => {
    expect(messages({ ...course(), tees: [] })).toEqual([msg.courseTeesMin]);
    expect(messages({ ...course(), holes: 12 })).toContain(msg.courseHolesInvalid);
    const many = course();
    many.tees = Array.from({ length: 11 }, (_, i) => ({ ...many.tees[0], name: `Tee ${i}` }));
    expect(messages(many)).toEqual(['En bana kan ha högst 10 tees']);
    expect(messages({ ...course(), latitude: 91 })).toEqual([msg.latitudeInvalid]);
  });
});

describe('holes CSV (issue 29)', () => {
  it('reads semicolons with a Swedish header, and commas without lengths', () => {
    const csv = '\uFEFFHål;Par;Hcp-index;Längd\r\n1;4;3;312\n2;5;1;\n\n';
    expect(parseHolesCsv(csv)).toEqual({
      holes: [
        { number: 1, par: 4, strokeIndex: 3, lengthMeters: 312 },
        { number: 2, par: 5, strokeIndex: 1 },
      ],
    });
    expect(parseHolesCsv('hål,par,hcp-index\n1,3,2')).toEqual({
      holes: [{ number: 1, par: 3, strokeIndex: 2 }],
    });
  });

  it('says which row is wrong, and refuses another header or a huge file', () => {
    expect(parseHolesCsv('Hål;Par;Hcp-index;Längd\n1;4;3;312\n2;fyra;1;300')).toEqual({
      error: 'Rad 3: ange hål, par och hcp-index som heltal',
    });
    expect(parseHolesCsv('Hole;Par;SI\n1;4;3')).toEqual({ error: msg.holesCsvHeader });
    expect(parseHolesCsv('')).toEqual({ error: msg.holesCsvHeader });
    expect(parseHolesCsv('x'.repeat(5000))).toEqual({ error: msg.holesCsvTooLong });
  });

  it('gives holes that the same rules then check', () => {
    const rows = nine().map((h) => `${h.number};${h.par};${h.strokeIndex};${h.lengthMeters}`);
    const parsed = parseHolesCsv(['Hål;Par;Hcp-index;Längd', ...rows].join('\n'));
    expect('holes' in parsed && holesProblems(parsed.holes, 9)).toEqual([]);
    const bad = parseHolesCsv('Hål;Par;Hcp-index\n1;4;1\n2;4;1');
    expect('holes' in bad && holesProblems(bad.holes, 2).map((p) => p.message)).toEqual([
      'Hcp-index 1 finns på flera hål: varje index 1–2 ska användas en gång',
    ]);
  });
});
