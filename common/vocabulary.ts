/**
 * The site's words, defined once (decisions.md 'What members see, and golf days'): every page, e-mail,
 * export and PDF takes them from here, so a member never reads two words for one thing.
 * - 'evenemang' for any event; 'resa' only for one that lasts more than a day (common/rules/event-kind.ts);
 *   'runda' for a single round of golf;
 * - 'anmälan' / 'anmäld' for registering; 'reservlista' for the waitlist (never 'väntelista');
 * - money as '3 450 kr' (common/rules/money.ts), a plus handicap as '+1,4' (common/rules/handicap.ts);
 * - 'Golf-ID', the Swedish federation's spelling.
 */
export const WORDS = {
  event: 'evenemang',
  events: 'evenemang',
  theEvent: 'evenemanget',
  trip: 'resa',
  trips: 'resor',
  theTrip: 'resan',
  round: 'runda',
  rounds: 'rundor',
  registration: 'anmälan',
  registered: 'anmäld',
  registeredPlural: 'anmälda',
  waitlist: 'reservlista',
  theWaitlist: 'reservlistan',
  onWaitlist: 'På reservlistan',
  /** A place held for a member from the reservlista until they answer. */
  offeredPlace: 'erbjuden plats',
  offeredPlaces: 'erbjudna platser',
  golfId: 'Golf-ID',
  currency: 'kr',
} as const;

/** Month names as dayjs' 'sv' locale spells them (January first). */
export const MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** Short month names ('14 jun'). */
export const MONTHS_SHORT = [
  'jan',
  'feb',
  'mar',
  'apr',
  'maj',
  'jun',
  'jul',
  'aug',
  'sep',
  'okt',
  'nov',
  'dec',
] as const;

/** Weekday names, Sunday first (Date.getUTCDay's order). */
export const WEEKDAYS = ['söndag', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag'] as const;
