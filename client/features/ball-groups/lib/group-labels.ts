import { formatDate, formatTime } from '@client/lib/dates';
import { msg } from '@common/messages';
import type { PaymentStatus } from '@common/options';
import { formatHandicap as formatHcp } from '@common/rules/handicap';
import type { BallGroup } from '@common/schemas/ball-groups';

/** Payment badge (spec §2): anything but paid or refunded shows as pending. */
export function paymentBadge(status: PaymentStatus | string | null): { label: string; color: string } {
  if (status === 'paid') return { label: 'Betald', color: 'green' };
  if (status === 'refunded') return { label: 'Återbetalad', color: 'gray' };
  return { label: 'Väntande', color: 'yellow' };
}

/** Gender balance of a group in words: '2 män · 2 kvinnor' (others and unknown named only when present). */
export function genderBalance(stats: BallGroup['stats']): string {
  const unknown = stats.memberCount - stats.male - stats.female - stats.other;
  const parts = [
    `${stats.male} ${stats.male === 1 ? 'man' : 'män'}`,
    `${stats.female} ${stats.female === 1 ? 'kvinna' : 'kvinnor'}`,
  ];
  if (stats.other) parts.push(`${stats.other} annat`);
  if (unknown > 0) parts.push(`${unknown} ej angivet`);
  return parts.join(' · ');
}

/** A handicap with one decimal and a Swedish comma, a plus handicap as '+1,4' (common/rules/handicap.ts), or 'Ej angivet'. */
export function formatHandicap(value: number | null): string {
  return value === null ? 'Ej angivet' : formatHcp(value);
}

/**
 * A course or playing handicap (whole strokes, issue 29): a plus handicap (below zero) as '+1', none as
 * '–' (no handicap index, no gender with a tee, or the event names no course).
 */
export function formatStrokes(value: number | null | undefined): string {
  if (value == null) return '–';
  return value < 0 ? `+${-value}` : String(value);
}

/** When the groups were published, in Swedish time: '14 juni 2025 kl. 09:30'. */
export function publishedWhen(publishedAt: string): string {
  return `${formatDate(publishedAt)} kl. ${formatTime(publishedAt)}`;
}

/**
 * The publish button's label from the event's `ballGroupsPublishedAt`: 'Publicera bollgrupper', or once
 * published 'Publicerade 14 juni 2025 kl. 09:30 – publicera igen' (also after a reload).
 */
export function publishButtonLabel(publishedAt: string | null): string {
  return publishedAt ? `Publicerade ${publishedWhen(publishedAt)} – publicera igen` : msg.groupsPublish;
}
