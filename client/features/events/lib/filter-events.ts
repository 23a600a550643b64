import type { EventFilter } from '@common/options';
import { matchesEventFilter } from '@common/rules/event-phase';

type Filterable = {
  title: string;
  location: string;
  description: string | null;
  startTime: string;
  endTime: string;
};

/**
 * Events page (spec §2): search over title, location and description (case-insensitive), status filter;
 * events not over yet first by start, then past ones newest first.
 */
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
    .sort((a, b) => {
      // Those not over yet first, soonest first; then those that are over, the latest first.
      const aOver = Date.parse(a.endTime) <= now.getTime();
      const bOver = Date.parse(b.endTime) <= now.getTime();
      if (aOver !== bOver) return aOver ? 1 : -1;
      const d = Date.parse(a.startTime) - Date.parse(b.startTime);
      return aOver ? -d : d;
    });
}

/** 'N evenemang hittades' (common/rules/event-kind.ts: the list mixes rounds and trips). */
export { eventCountText as countText } from '@common/rules/event-kind';
