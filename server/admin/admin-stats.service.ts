import { stockholmToday } from '@common/rules/age';
import type { AdminStats } from '@common/schemas/admin';
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

/** Offset of Stockholm from UTC at an instant, in milliseconds. */
function stockholmOffset(at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Stockholm',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant Stockholm's day `date` (YYYY-MM-DD) begins. */
export function stockholmMidnight(date: string): Date {
  const naive = Date.parse(`${date}T00:00:00Z`);
  const guess = naive - stockholmOffset(naive);
  return new Date(naive - stockholmOffset(guess));
}

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
function cachedMemberFigures(db: Db, today: string, now: number): Promise<MemberFigures> {
  const compute = () => memberFigures(db, ageCutoffs(today), stockholmMidnight(`${today.slice(0, 7)}-01`));
  const hit = memo.get(db);
  if (hit && hit.today === today) {
    if (hit.until <= now && !hit.refreshing) {
      hit.refreshing = true;
      compute().then(
        (fresh) =>
          memo.set(db, {
            value: Promise.resolve(fresh),
            until: Date.now() + MEMBER_FIGURES_TTL_MS,
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
  memo.set(db, { value, until: now + MEMBER_FIGURES_TTL_MS, today, refreshing: false });
  value.catch(() => memo.delete(db));
  return value;
}

/** GET /api/admin/stats: member distributions (at most a minute old), live event, message and activity figures. */
export async function getAdminStats(db: Db, now = new Date()): Promise<AdminStats> {
  const today = stockholmToday(now);
  const [members, live, activity] = await Promise.all([
    cachedMemberFigures(db, today, now.getTime()),
    liveFigures(db, stockholmMidnight(today)),
    recentActivityRows(db, ACTIVITY_LIMIT),
  ]);
  return presentAdminStats(members, live, activity);
}
