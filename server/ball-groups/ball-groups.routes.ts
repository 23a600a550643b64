import type { FastifyInstance } from 'fastify';
import { groupsRoutes } from './groups.routes';
import { publishGroupsRoutes } from './publish.routes';
import { teeTimesRoutes } from './tee-times.routes';
import { togetherRoutes } from './together.routes';

/**
 * Ball groups of an event: list (members once published), generate, rename and tee times, publish, delete,
 * a member's group, and requests to play together; every change an admin makes is in the audit log. One
 * file per concern, registered on the same instance (no plugin scope of their own).
 */
export async function ballGroupsRoutes(app: FastifyInstance) {
  groupsRoutes(app);
  teeTimesRoutes(app);
  publishGroupsRoutes(app);
  togetherRoutes(app);
}
