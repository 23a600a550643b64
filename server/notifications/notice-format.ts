import { SITE_TIME_ZONE } from '@common/time';

const when = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SITE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** "lördag 6 juni kl. 09:00" in Swedish time (the notices' texts). */
export function formatNoticeTime(at: Date): string {
  const text = when.format(at);
  // Older ICU data leaves out the "kl.".
  return text.includes('kl.') ? text : text.replace(/ (\d\d:\d\d)$/, ' kl. $1');
}
