import { HANDICAP_BAND_BOUNDS, inHandicapBand } from '@common/rules/handicap-band';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { ageCutoffs, HANDICAP_BAND_FIGURES, memberFigures } from './admin-stats.queries';

describe("the dashboard's handicap bands (issue 31: one definition in common/)", () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    // Each band's edges and a tenth either side, the extremes the database allows, and no handicap.
    const edges = Object.values(HANDICAP_BAND_BOUNDS).flatMap((b) => [b.min, b.maxExclusive]);
    const values = new Set<number | null>([-10, -0.1, 0, 54, null]);
    for (const e of edges)
      if (e != null) for (const d of [-0.1, 0, 0.1]) values.add(Math.round((e + d) * 10) / 10);
    for (const handicap of values) await buildUser(t.db, { handicap });
  });
  afterAll(() => t.close());

  it('counts in SQL exactly the members the directory puts in each band', async () => {
    const now = new Date();
    const f = await memberFigures(t.db, {
      cut: ageCutoffs('2026-06-01'),
      thisMonth: now,
      lastMonth: now,
      now,
    });
    const handicaps = (await t.db.select({ h: users.handicap }).from(users)).map((r) => r.h);
    for (const [band, figure] of Object.entries(HANDICAP_BAND_FIGURES)) {
      const expected = handicaps.filter((h) =>
        inHandicapBand(h, band as keyof typeof HANDICAP_BAND_FIGURES),
      ).length;
      expect(f[figure], band).toBe(expected);
      expect(expected, band).toBeGreaterThan(0);
    }
    expect(f.hcpNone).toBe(handicaps.filter((h) => h == null).length);
  });
});
