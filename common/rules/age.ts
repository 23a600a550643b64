import { stockholmToday } from '../time';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Age in whole years on `today` (both YYYY-MM-DD): birthdays count from the day itself;
 * someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageFromBirthDate(birthDate: string, today: string = stockholmToday()): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}
