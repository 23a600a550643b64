import type { Role } from '@common/options';
import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/** Any member may report, but not themselves or their own content. */
export const canReport = (actor: Actor, targetUserId: string | null): boolean =>
  targetUserId === null || !isSelf(actor, targetUserId);

/** Moderation (the queue, decisions, reinstating) is for admins. */
export const canModerate = (actor: Actor): boolean => isAdmin(actor);

/** An admin is never suspended (another admin changes their role first). */
export const canSuspend = (target: { role: Role } | undefined): boolean =>
  !!target && target.role !== 'admin';
