import type { Db } from '../db/client';

/**
 * Domain events (issue 31): what happened in a domain, told to the domains above it without the lower
 * one importing them. Registrations publish `registration.created`; notifications, which sit higher,
 * subscribe and write the notice. The lower domain never learns who listens.
 *
 * Each domain declares the events it publishes in its own `<domain>.events.ts`, by adding to this
 * interface (TypeScript merges the declarations):
 *
 *   declare module '../domain-events/domain-events' {
 *     interface DomainEvents { 'registration.created': { registrationId: string; eventId: string } }
 *   }
 *
 * A payload holds ids and the facts a subscriber needs of the moment (a title before a change), not rows
 * to be changed.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each domain's declarations (see above)
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;

/**
 * A subscriber: runs inside the publisher's transaction (`tx`), so what it writes (a notice, an audit
 * row, a queued e-mail or job) commits or rolls back with the change itself. Live delivery goes through
 * the same transaction as a NOTIFY, which the database hands out at commit, and only if it commits.
 */
export type DomainEventHandler<K extends DomainEventName> = (
  tx: Db,
  payload: DomainEvents[K],
) => Promise<void>;

/** A domain's subscribers, one per event it reacts to. */
export type Subscriptions = { [K in DomainEventName]?: DomainEventHandler<K> };

type AnyHandler = (tx: Db, payload: unknown) => Promise<void>;
const handlers = new Map<string, AnyHandler[]>();
const added = new Set<Subscriptions>();

/**
 * Adds a domain's subscriptions, in the order of the calls (server/app.ts, from the bottom layer up).
 * Adding the same object again changes nothing, so every app built in one process shares them.
 */
export function subscribe(subscriptions: Subscriptions): void {
  if (added.has(subscriptions)) return;
  added.add(subscriptions);
  for (const [name, handler] of Object.entries(subscriptions)) {
    if (!handler) continue;
    const list = handlers.get(name) ?? [];
    list.push(handler as AnyHandler);
    handlers.set(name, list);
  }
}

/**
 * Tells every subscriber of `name`, one after the other, inside the caller's transaction. A subscriber
 * that fails fails the publisher: the change and its consequences commit together or not at all.
 */
export async function publish<K extends DomainEventName>(
  tx: Db,
  name: K,
  payload: DomainEvents[K],
): Promise<void> {
  for (const handler of handlers.get(name) ?? []) await handler(tx, payload);
}

/** The events someone subscribes to (for the architecture test and the docs). */
export const subscribedEvents = (): string[] => [...handlers.keys()].sort();
