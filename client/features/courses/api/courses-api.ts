import { apiJson } from '@client/lib/api';
import { type Course, type CourseInput, courseSchema } from '@common/schemas/courses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

const ADMIN_COURSES_KEY = '/api/admin/courses';

/** GET /api/admin/courses: every course with its tees, by name. */
export function useAdminCourses() {
  return useQuery({
    queryKey: [ADMIN_COURSES_KEY],
    queryFn: () =>
      apiJson<Course[]>(
        'GET',
        ADMIN_COURSES_KEY,
        undefined,
        import.meta.env.DEV ? z.array(courseSchema) : undefined,
      ),
  });
}

/** GET /api/admin/courses/{id}; not asked for a new course (`id` undefined). */
export function useAdminCourse(id: number | undefined) {
  return useQuery({
    queryKey: [ADMIN_COURSES_KEY, id],
    queryFn: () =>
      apiJson<Course>(
        'GET',
        `${ADMIN_COURSES_KEY}/${id}`,
        undefined,
        import.meta.env.DEV ? courseSchema : undefined,
      ),
    enabled: id !== undefined,
  });
}

/** POST /api/admin/courses (no id) or PUT /api/admin/courses/{id}; refreshes the courses. */
export function useSaveCourse(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseInput) =>
      id === undefined
        ? apiJson<Course>('POST', ADMIN_COURSES_KEY, input, import.meta.env.DEV ? courseSchema : undefined)
        : apiJson<Course>(
            'PUT',
            `${ADMIN_COURSES_KEY}/${id}`,
            input,
            import.meta.env.DEV ? courseSchema : undefined,
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_COURSES_KEY] }),
  });
}

/** GET /api/courses: every course with its tees (members; the event form's course select). */
export function useCourses(enabled = true) {
  return useQuery({
    queryKey: ['/api/courses'],
    enabled,
    queryFn: () =>
      apiJson<Course[]>(
        'GET',
        '/api/courses',
        undefined,
        import.meta.env.DEV ? z.array(courseSchema) : undefined,
      ),
  });
}
