import type { NotificationType } from '@common/notification-types';
import type { Db } from '../db/client';
import type { NotificationRow } from './notifications.create';

/** Which channels a notice may use beyond the member's preferences (both must allow a channel). */
export interface DeliveryDecision {
  email: boolean;
  push: boolean;
}

/**
 * A per-type check the fan-out runs in the claiming transaction (e.g. "not if the receiver is online or
 * has read it"). It may write to the row (e.g. record when it was e-mailed) through `tx`.
 */
export type DeliveryRule = (tx: Db, row: NotificationRow) => Promise<DeliveryDecision>;

const rules = new Map<NotificationType, DeliveryRule>();

/** Sets the rule of a type (a second call replaces the first); types without one are allowed. */
export function registerDeliveryRule(type: NotificationType, rule: DeliveryRule): void {
  rules.set(type, rule);
}

/** What the registered rule of the row's type allows; everything when there is none. */
export async function applyDeliveryRule(tx: Db, row: NotificationRow): Promise<DeliveryDecision> {
  const rule = rules.get(row.type);
  if (!rule) return { email: true, push: true };
  return rule(tx, row);
}
