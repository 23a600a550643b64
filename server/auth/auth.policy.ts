import type { Role } from '@common/options';

/** The caller as policies see it. */
export interface Actor {
  id: string;
  role: Role;
}

/** Admin role. */
export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin';

/** The actor is the member in question. */
export const isSelf = (actor: Actor | null | undefined, userId: string): boolean => actor?.id === userId;

/** The actor may read a member's private fields: the member or an admin. */
export const canSeePrivateFields = (actor: Actor | null | undefined, userId: string): boolean =>
  isSelf(actor, userId) || isAdmin(actor);
