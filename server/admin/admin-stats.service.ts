import type { AdminStats } from '@common/schemas/admin';
import { stockholmMidnight, stockholmMonthStart, stockholmToday } from '@common/time';
import type { Db } from '../db/client';
import { presentAdminStats } from './admin-stats.presenter';
import {
  ageCutoffs,
  liveFigures,
  type MemberFigures,
  memberFigures,
  recentActivityRows,
} from './admin-stats.queries';

const ACTIVITY_LIMIT = 10;
/**
 * The per-member distributions scan every member, the response and fill rates a month of messages and
 * the upcoming registrations: they are recomputed at most once a minute per server, in the background.
 * The number of upcoming events, today's registrations, unread messages and the activity are live.
 */
export const MEMBER_FIGURES_TTL_MS = 60_000;

interface Memo {
  /** The latest figures (settled), served while a newer one is computed. */
  value: Promise<MemberFigures>;
  until: number;
  today: string;
  refreshing: boolean;
}
const memo = new WeakMap<Db, Memo>();

/**
 * Member figures, shared by the calls within a minute. After that the old figures are still answered at
 * once while one new scan runs (stale-while-revalidate); only the first call, or a new day, waits for it.
 */
function cachedMemberFigures(db: Db, today: string, now: Date): Promise<MemberFigures> {
  const compute = () =>
    memberFigures(db, {
      cut: ageCutoffs(today),
      thisMonth: stockholmMonthStart(today),
      lastMonth: stockholmMonthStart(today, -1),
      now,
    });
  const hit = memo.get(db);
  if (hit && hit.today === today) {
    if (hit.until <= now.getTime() && !hit.refreshing) {
      hit.refreshing = true;
      compute().then(
        (fresh) =>
          memo.set(db, {
            value: Promise.resolve(fresh),
            until: now.getTime() + MEMBER_FIGURES_TTL_MS,
            today,
            refreshing: false,
          }),
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.value;
  }
  const value = compute();
  memo.set(db, { value, until: now.getTime() + MEMBER_FIGURES_TTL_MS, today, refreshing: false });
  value.catch(() => memo.delete(db));
  return value;
}

/**
 * GET /api/admin/stats: member distributions (at most a minute old), live event, message and activity
 * figures. Every figure is counted at `now` (today, this month, the last 30 days, upcoming), never at the
 * database's clock, so a caller (a test) that fixes `now` gets the same figures at any time of day.
 */
export async function getAdminStats(db: Db, now = new Date()): Promise<AdminStats> {
  const today = stockholmToday(now);
  const [members, live, activity] = await Promise.all([
    cachedMemberFigures(db, today, now),
    liveFigures(db, { todayStart: stockholmMidnight(today), now }),
    recentActivityRows(db, ACTIVITY_LIMIT),
  ]);
  return presentAdminStats(members, live, activity);
}
