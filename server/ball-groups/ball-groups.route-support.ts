import { errorSchema } from '@common/schemas/errors';
import { requireUser } from '../auth/current-user';
import { authorize } from '../errors';
import { canManageBallGroups } from './ball-groups.policy';

/** The errors every ball-group route may answer. */
export const ballGroupErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The admin making a change to ball groups (401/403 otherwise). */
export async function requireGroupsAdmin(request: Parameters<typeof requireUser>[0]) {
  const user = await requireUser(request);
  authorize(canManageBallGroups(user));
  return user;
}
