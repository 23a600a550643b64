import { msg } from '@common/messages';
import { courseIdParamsSchema, courseInputSchema, courseSchema } from '@common/schemas/courses';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/current-user';
import { NotFoundError } from '../errors';
import { presentCourse } from './courses.presenter';
import { findCourse, listCourses } from './courses.queries';
import { createCourse, updateCourse } from './courses.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Golf courses and their tees (issue 29): admins enter and edit them, members read them. */
export async function coursesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/courses',
    {
      schema: {
        tags: ['courses'],
        summary: 'Every course with its tees, ratings per gender and holes, by name (members)',
        response: { 200: z.array(courseSchema), ...errors },
      },
    },
    async (request) => {
      await requireUser(request);
      return (await listCourses(app.db)).map(presentCourse);
    },
  );

  r.get(
    '/api/admin/courses',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every course with its tees, by name (admins)',
        response: { 200: z.array(courseSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return (await listCourses(app.db)).map(presentCourse);
    },
  );

  r.get(
    '/api/admin/courses/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One course with its tees (admins)',
        params: courseIdParamsSchema,
        response: { 200: courseSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const course = await findCourse(app.db, request.params.id);
      if (!course) throw new NotFoundError(msg.courseNotFound);
      return presentCourse(course);
    },
  );

  r.post(
    '/api/admin/courses',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Enter a course with its tees: ratings per gender (par, course rating, slope) and holes (par, stroke index, length), checked by the shared rules (admins, audited)',
        body: courseInputSchema,
        response: { 201: courseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const course = await createCourse(app.db, admin, request.body);
      return reply.status(201).send(presentCourse(course));
    },
  );

  r.put(
    '/api/admin/courses/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Replace a course and its tees: a tee sent with its id keeps it, one without is new, one left out is removed (admins, audited)',
        params: courseIdParamsSchema,
        body: courseInputSchema,
        response: { 200: courseSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return presentCourse(await updateCourse(app.db, admin, request.params.id, request.body));
    },
  );
}
