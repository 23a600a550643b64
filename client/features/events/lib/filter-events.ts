import type { EventFilter } from '@common/options';
import { matchesEventFilter } from '@common/rules/event-phase';

type Filterable = {
  title: string;
  location: string;
  description: string | null;
  startTime: string;
  endTime: string;
};

/** Events page (spec §2): search over title, location and description (case-insensitive), status filter, by start. */
export function filterEvents<T extends Filterable>(
  events: readonly T[],
  q: string,
  filter: EventFilter,
  now = new Date(),
) {
  const needle = q.trim().toLocaleLowerCase('sv');
  return events
    .filter((e) => matchesEventFilter(e, filter, now))
    .filter(
      (e) =>
        !needle ||
        [e.title, e.location, e.description ?? ''].some((s) => s.toLocaleLowerCase('sv').includes(needle)),
    )
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** 'N resa hittades' / 'N resor hittades'. */
export const countText = (n: number) => `${n} ${n === 1 ? 'resa' : 'resor'} hittades`;
