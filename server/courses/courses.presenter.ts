import type { Course } from '@common/schemas/courses';
import type { CourseWithTees } from './courses.queries';

/** A course with its tees as the API answers it, field by field. */
export function presentCourse(course: CourseWithTees): Course {
  return {
    id: course.id,
    name: course.name,
    club: course.club,
    location: course.location,
    latitude: course.latitude,
    longitude: course.longitude,
    holes: course.holes === 9 ? 9 : 18,
    tees: course.tees.map((t) => ({
      id: t.id,
      name: t.name,
      color: t.color,
      ratings: t.ratings.map((r) => ({
        gender: r.gender,
        par: r.par,
        courseRating: r.courseRating,
        slope: r.slope,
      })),
      holesData: t.holes.map((h) => ({
        number: h.number,
        par: h.par,
        strokeIndex: h.strokeIndex,
        lengthMeters: h.lengthMeters ?? null,
      })),
    })),
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
  };
}
