import { MAX_PARTICIPANTS_MIN, WAITLIST_OFFER_HOURS_MAX } from '../limits';

/**
 * The event form, registration and its life cycle, event fees and refunds, the organiser's exports.
 * Part of `msg` (common/messages.ts).
 */
export const eventsMessages = {
  // Event form (spec §5)
  endAfterStart: 'End time must be after start time',
  deadlineBeforeStart: 'Sista anmälningsdag måste vara före evenemangets start',

  // Events and registration (server rules, decisions.md)
  requiresUpgrade: 'Du behöver ett Pro-medlemskap för att anmäla dig till evenemang',
  registrationDeadlinePassed: 'Sista anmälningsdag har passerat',
  eventAlreadyEnded: 'Evenemanget har redan ägt rum',
  eventCancelled: 'Evenemanget är inställt',
  eventCompleted: 'Evenemanget är avslutat',
  alreadyRegistered: 'Du är redan anmäld till detta evenemang',
  notRegistered: 'Du är inte anmäld till detta evenemang',
  registrationNotFound: 'Anmälan hittades inte',
  maxBelowRegistered: 'Max antal deltagare kan inte vara lägre än antalet anmälda deltagare',
  // Spec §5: minimum 4; refused, never rounded up (issue 27).
  maxParticipantsMin: `Max antal deltagare måste vara minst ${MAX_PARTICIPANTS_MIN}`,
  promotedFromWaitlist: 'En plats har blivit ledig – du är nu registrerad till',
  // Registration life cycle (issue 14)
  registrationNotOpenYet: 'Anmälan öppnar',
  noOpenOffer: 'Du har inget öppet erbjudande om plats till detta evenemang',
  offerExpired: 'Erbjudandet har gått ut',
  cancellationDeadlineBeforeStart: 'Sista dag för avbokning måste vara före evenemangets start',
  opensBeforeStart: 'Anmälan måste öppna före evenemangets start',
  opensBeforeDeadline: 'Anmälan måste öppna före sista anmälningsdag',
  waitlistOfferHoursRange: `Svarstiden ska vara mellan 1 och ${WAITLIST_OFFER_HOURS_MAX} timmar`,
  payOnlineNeedsPrice: 'Betalning på sajten kräver ett pris över 0 kr',
  nothingToPay: 'Det finns inget att betala för denna anmälan',
  alreadyPaid: 'Anmälan är redan betald',
  eventNotPaidOnline: 'Avgiften för detta evenemang betalas inte på sajten',
  refundTooLarge: 'Beloppet är större än det som går att återbetala',
  refundNothingPaid: 'Anmälan har inte betalats på sajten',
  paymentStatusFollowsOnlinePayment:
    "Avgiften är betald på sajten: betalstatusen följer betalningen (använd 'Återbetala' för att betala tillbaka)",
  attendanceNotRegistered: 'Närvaro kan bara anges för anmälda deltagare',
  paymentStartFailed: 'Betalningen kunde inte startas just nu. Försök igen om en stund.',
  /** Production without Stripe keys and without PAYMENTS_TEST_MODE=true: payments fail closed (503). */
  paymentsDisabled: 'Betalningar är inte aktiverade',
  refundFailed:
    'Återbetalningen kunde inte genomföras hos betalleverantören. Inget har ändrats – försök igen senare.',

  // Dietary data on a registration
  dietaryConsentRequired:
    'Kryssa i att du samtycker till att Singelgolf sparar dina kostpreferenser och allergier, eller lämna fältet tomt',

  // Exports (issue 16)
  exportListInvalid: 'Okänd lista: välj participants, dietary, rooms eller payments',
  exportFailed: 'Exporten misslyckades',
} as const;
