import { ADMIN_USERS_LIMIT } from '@common/limits';
import {
  adminUserSchema,
  adminUsersQuerySchema,
  membershipInputSchema,
  userIdParamsSchema,
} from '@common/schemas/billing';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/current-user';
import { presentAdminUser } from './admin-members.presenter';
import { listAdminUsers } from './admin-members.queries';
import { setMembership } from './admin-members.service';

/** Admin membership management: the member list and setting a membership type (logged). */
export async function adminMembersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: `Members with their membership (admin only); optional search and Pro/Gratis filter, at most ${ADMIN_USERS_LIMIT}`,
        querystring: adminUsersQuerySchema,
        response: { 200: z.array(adminUserSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const rows = await listAdminUsers(app.db, { ...request.query, limit: ADMIN_USERS_LIMIT });
      const now = new Date();
      return rows.map((u) => presentAdminUser(u, now));
    },
  );

  r.post(
    '/api/admin/users/:userId/membership',
    {
      schema: {
        tags: ['admin'],
        summary: "Sets a member's membership type, free or pro (admin only; logged)",
        params: userIdParamsSchema,
        body: membershipInputSchema,
        response: { 200: adminUserSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const updated = await setMembership(app.db, admin, request.params.userId, request.body.membershipType);
      request.log.info(
        { adminId: admin.id, userId: updated.id, membershipType: updated.membershipType },
        'membership changed by admin',
      );
      return presentAdminUser(updated);
    },
  );
}
