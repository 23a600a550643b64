import { dayjs } from '@client/lib/dayjs';
import { msg } from '@common/messages';
import type { Activity } from '@common/schemas/admin';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** 'för 5 minuter sedan'; an invalid time is 'nyligen' (spec §8). */
export function activityTime(timestamp: string, now = Date.now()): string {
  const t = dayjs(timestamp);
  if (!timestamp || !t.isValid()) return msg.activityRecently;
  return t.from(dayjs(now));
}

/** What a member did, in Swedish, without the event's title (shown after it, as a link). */
export function activityLead(a: Activity): string {
  const name = a.user.fullName || 'En medlem';
  switch (a.type) {
    case 'registration':
      return `${name} anmälde sig till`;
    case 'payment':
      return `${name} har betalat för`;
    case 'update':
      return `${name} uppdaterade sin profil`;
    case 'join':
      return `${name} blev medlem`;
  }
}

/** The whole activity line as text. */
export function activityText(a: Activity): string {
  const lead = activityLead(a);
  return a.type === 'registration' || a.type === 'payment'
    ? `${lead} ${a.eventTitle ?? 'ett evenemang'}`
    : lead;
}

/** A percentage with a Swedish comma and sign when asked: '+12,5 %'. */
export function formatPercent(value: number | null, signed = false): string {
  if (value === null) return '–';
  const s = `${value.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} %`;
  return signed && value > 0 ? `+${s}` : s;
}

/** Bar height in percent of the tallest bucket, never below 5% so an empty bucket still shows (spec §2). */
export function barHeight(count: number, max: number): number {
  if (max <= 0) return 5;
  return Math.max(5, Math.round((count / max) * 100));
}
