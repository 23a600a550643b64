/** How many recipients a confirmation names; a larger audience is shown by its count and these first names. */
export const NOTICE_PREVIEW_NAMES_MAX = 10;

/** The title of an organiser's announcement as members see the notice ('Höstresan: Bussen'). */
export function announcementNoticeTitle(eventTitle: string, subject: string): string {
  return `${eventTitle}: ${subject}`;
}

/** 'Anna A, Bo B och Cissi C', or '… och 12 till' when the list holds only the first of `count` names. */
export function recipientsText(names: string[], count: number): string {
  if (names.length === 0) return '';
  const rest = count - names.length;
  if (rest > 0) return `${names.join(', ')} och ${rest} till`;
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(', ')} och ${names.at(-1)}`;
}
