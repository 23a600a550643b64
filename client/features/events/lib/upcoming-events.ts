type Timed = { startTime: string };

/** The next `count` events that start after `now`, earliest first (landing: 3, dashboard: 4). */
export function upcomingEvents<T extends Timed>(events: readonly T[], count: number, now = new Date()): T[] {
  const t = now.getTime();
  return events
    .filter((e) => Date.parse(e.startTime) > t)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
    .slice(0, count);
}
