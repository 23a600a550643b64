import {
  blockedMemberSchema,
  blockInputSchema,
  blockParamsSchema,
  privacySettingsSchema,
} from '@common/schemas/blocks';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { presentBlockedMember, presentPrivacySettings } from './blocks.presenter';
import { listBlockedMembers } from './blocks.queries';
import { blockMember, unblockMember, updatePrivacySettings } from './blocks.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Blocks (mutual and silent: neither sees nor reaches the other; nobody is told) and the member's privacy
 * settings (issue 15). The blocked pairs of an event, for the ball group manager, are a ball-groups route
 * (server/ball-groups/blocked-pairs.routes.ts).
 */
export async function blocksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/blocks',
    {
      schema: {
        tags: ['blocks'],
        summary: 'The members the caller has blocked (names and avatars), newest first',
        response: { 200: z.array(blockedMemberSchema), 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return (await listBlockedMembers(app.db, user.id)).map(presentBlockedMember);
    },
  );

  r.post(
    '/api/blocks',
    {
      schema: {
        tags: ['blocks'],
        summary:
          'Block a member: 201 when blocked now, 200 when already blocked; neither then sees or can write to the other, and nobody is told',
        body: blockInputSchema,
        response: { 200: blockedMemberSchema, 201: blockedMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { created, member } = await blockMember(app.db, user, request.body.userId);
      return reply.status(created ? 201 : 200).send(presentBlockedMember(member));
    },
  );

  r.delete(
    '/api/blocks/:userId',
    {
      schema: {
        tags: ['blocks'],
        summary: "Remove the caller's block of a member (404 when the caller has not blocked them)",
        params: blockParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await unblockMember(app.db, user, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/me/privacy',
    {
      schema: {
        tags: ['blocks'],
        summary: "The caller's privacy settings: hidden from the directory, who may write to them",
        response: { 200: privacySettingsSchema, 401: errorSchema },
      },
    },
    async (request) => presentPrivacySettings(await requireUser(request)),
  );

  r.put(
    '/api/me/privacy',
    {
      schema: {
        tags: ['blocks'],
        summary:
          "Save the caller's privacy settings: hiddenFromDirectory (admins and co-participants still see the member) and whoCanMessage ('members', 'contacts' or 'nobody')",
        body: privacySettingsSchema,
        response: { 200: privacySettingsSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return presentPrivacySettings(await updatePrivacySettings(app.db, user.id, request.body));
    },
  );
}
