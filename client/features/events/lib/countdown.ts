/** "2 d 3 h", "5 h 12 min", "4 min" or "under en minut" until `target` (Swedish, for countdowns). */
export function countdownText(target: string | Date, now = new Date()): string {
  const ms = new Date(target).getTime() - now.getTime();
  if (ms <= 0) return 'nu';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under en minut';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}
