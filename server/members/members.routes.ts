import { TOTAL_COUNT_HEADER } from '@common/http-headers';
import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import {
  fullUserSchema,
  memberListItemSchema,
  profileImageInputSchema,
  profileUpdateSchema,
  userIdParamsSchema,
  userListQuerySchema,
} from '@common/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../auth/auth.policy';
import { requireUser } from '../auth/current-user';
import { presentFullUser, presentPublicUser } from '../auth/users.presenter';
import { findUserById } from '../auth/users.queries';
import { createBlockedIdsCache } from '../blocks/blocked-ids-cache';
import { blocksHideMembersFrom, canSeeMember, seesHiddenMembers } from '../blocks/blocks.policy';
import { authorize, NotFoundError } from '../errors';
import { createDirectoryCache } from './directory-cache';
import { canEditProfile, canSeeFullRecord } from './members.policy';
import { setProfileImage, updateProfile } from './members.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The members directory, member profiles and the profile editor. */
export async function membersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const blocks = createBlockedIdsCache(app.watches.users, app.db);
  const directory = createDirectoryCache(app.watches.users, app.db, blocks.at);

  r.get(
    '/api/users',
    {
      schema: {
        tags: ['members'],
        summary:
          'Members directory: search (q), gender, handicap band, age band, ort (location) and län (county) filters, one page by name',
        description:
          'Public fields for members, full records for admins. The total number of matches is in the X-Total-Count header.',
        querystring: userListQuerySchema,
        response: { 200: z.array(memberListItemSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { rows, total } = await directory(request.query, {
        includeHidden: seesHiddenMembers(user),
        viewerId: blocksHideMembersFrom(user) ? user.id : null,
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      const now = new Date();
      return rows.map((u) => (isAdmin(user) ? presentFullUser(u, now) : presentPublicUser(u)));
    },
  );

  r.get(
    '/api/users/:id',
    {
      schema: {
        tags: ['members'],
        summary: 'One member: public fields, or the full record for the member and admins',
        params: userIdParamsSchema,
        response: { 200: memberListItemSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const member = await findUserById(app.db, request.params.id);
      if (!member || member.deletedAt) throw new NotFoundError(msg.userNotFound);
      // A block either way: the member does not exist for the viewer (nothing says why).
      const blocked = blocksHideMembersFrom(actor) && (await blocks.between(actor.id, member.id));
      if (!canSeeMember(actor, member.id, blocked)) throw new NotFoundError(msg.userNotFound);
      return canSeeFullRecord(actor, member.id) ? presentFullUser(member) : presentPublicUser(member);
    },
  );

  r.put(
    '/api/users/:id',
    {
      schema: {
        tags: ['members'],
        summary:
          'Save a profile (the member or an admin); every rule of the profile form, fullName and age derived',
        params: userIdParamsSchema,
        body: profileUpdateSchema,
        response: { 200: fullUserSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      authorize(canEditProfile(actor, request.params.id));
      const row = await updateProfile(app.db, app.mail, request.params.id, request.body);
      return presentFullUser(row);
    },
  );

  r.patch(
    '/api/users/:id/profile-image',
    {
      schema: {
        tags: ['members'],
        summary:
          'Set the avatar to an uploaded profile image (or null to remove it): your own pending upload, or one already linked to the member',
        params: userIdParamsSchema,
        body: profileImageInputSchema,
        response: { 200: fullUserSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      authorize(canEditProfile(actor, request.params.id));
      const row = await setProfileImage(app.db, actor, request.params.id, request.body.profileImageId);
      return presentFullUser(row);
    },
  );
}
