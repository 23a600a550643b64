import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { publish, type Subscriptions, subscribe } from './domain-events';

declare module './domain-events' {
  interface DomainEvents {
    'test.pinged': { note: string };
  }
}

/** The publisher of domain events: subscribers run in the publisher's transaction, in order, once. */
describe('domain events', () => {
  let t: TestContext;
  const seen: string[] = [];
  const first: Subscriptions = {
    'test.pinged': async (tx, { note }) => {
      seen.push(`first ${note}`);
      await tx.execute(sql`insert into domain_event_probe values (${note})`);
      if (note === 'fail') throw new Error('subscriber failed');
    },
  };
  const second: Subscriptions = {
    'test.pinged': async (_tx, { note }) => {
      seen.push(`second ${note}`);
    },
  };

  beforeAll(async () => {
    t = await createTestContext();
    await t.db.execute(sql`create table domain_event_probe (note text)`);
    subscribe(first);
    subscribe(second);
    subscribe(first);
  });
  afterAll(() => t.close());

  const notes = async () => {
    const result = await t.db.execute(sql`select note from domain_event_probe order by note`);
    return (result as unknown as { rows: { note: string }[] }).rows.map((r) => r.note);
  };

  it('runs each subscriber once, in the order they were added, inside the transaction', async () => {
    seen.length = 0;
    await t.db.transaction((tx) => publish(tx, 'test.pinged', { note: 'ok' }));
    expect(seen).toEqual(['first ok', 'second ok']);
    expect(await notes()).toEqual(['ok']);
  });

  it("a subscriber's failure rolls back the change it was told of", async () => {
    seen.length = 0;
    const run = t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into domain_event_probe values ('change')`);
      await publish(tx, 'test.pinged', { note: 'fail' });
    });
    await expect(run).rejects.toThrow('subscriber failed');
    expect(seen).toEqual(['first fail']);
    expect(await notes()).toEqual(['ok']);
  });
});
