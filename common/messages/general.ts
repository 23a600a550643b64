/**
 * Generic answers: login, permission, not found, bad input (issue 12).
 * Part of `msg` (common/messages.ts).
 */
export const generalMessages = {
  validationFailed: 'Validering misslyckades',

  // Generic
  notLoggedIn: 'Du måste vara inloggad',
  forbidden: 'Du har inte behörighet för detta',
  notFound: 'Hittades inte',
  eventNotFound: 'Evenemanget hittades inte',
  userNotFound: 'Användaren hittades inte',
  originRefused: 'Begäran nekades: okänt ursprung',
  tooManyRequests: 'För många förfrågningar. Försök igen om en stund.',
  serverError: 'Ett oväntat fel uppstod',

  // Bad input (issue 12: safe defaults)
  nulCharacter: 'Texten innehåller ett otillåtet tecken (NUL).',
  jsonObjectExpected: 'Ogiltig begäran: förväntade ett JSON-objekt',
  badInput: 'Ogiltig begäran',
  calendarSpanTooLong: 'Tidsintervallet får vara högst 5 år',
  calendarRangeReversed: 'Slutdatum måste vara efter startdatum',
} as const;
