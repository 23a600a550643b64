/** The admin's 'Poäng per placering' as typed ('25, 20, 16'), read into the rules' list or a Swedish error. */
export function parsePointsList(
  text: string,
): { ok: true; points: number[] } | { ok: false; message: string } {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'Ange poäng för minst en placering' };
  if (parts.length > 100) return { ok: false, message: 'Högst 100 placeringar' };
  const points = parts.map(Number);
  if (points.some((p) => !Number.isInteger(p) || p < 0 || p > 1000))
    return { ok: false, message: 'Poängen ska vara heltal mellan 0 och 1000' };
  return { ok: true, points };
}
