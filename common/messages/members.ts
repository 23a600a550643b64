/**
 * The profile form, the members directory and profile, the account's deletion (spec §5, §8; server
 * rules where the spec is silent).
 * Part of `msg` (common/messages.ts).
 */
export const membersMessages = {
  // Profile form (spec §5)
  fullNameMin: 'Namn måste vara minst 2 tecken',
  emailInvalid: 'Ange en giltig e-postadress',
  handicapMin: 'Lägsta handicap är +10',
  handicapMax: 'Maximalt handicap är 54',
  handicapDecimals: 'Handicap kan anges med en decimal',
  golfIdRequired: 'Golf-ID krävs',
  clubRequired: 'Klubb krävs',
  genderRequired: 'Kön krävs',
  birthDateRequired: 'Födelsedatum krävs',
  civilStatusRequired: 'Civilstatus krävs',
  childrenRequired: 'Barn krävs',
  professionRequired: 'Yrke krävs',
  dreamRequired: 'Dröm krävs',
  locationRequired: 'Ort krävs',
  interestsRequired: 'Intressen krävs',
  ageMin: 'Du måste vara minst 18 år',
  ageMax: 'Ange en giltig ålder',
  meetupInterestsMin: 'Välj minst 3 intressen',
  lookingForMin: 'Välj minst 1 alternativ',

  // Members and profile (spec §2, §5, §8; server rules where the spec is silent)
  birthDateInvalid: 'Ange födelsedatum som ÅÅÅÅ-MM-DD',
  handicapNotNumber: 'Handicap måste vara ett tal',
  optionInvalid: 'Ogiltigt alternativ',
  textTooLong: 'Texten är för lång',
  /** A change of address per member, or to one address, more than five times an hour (issue 28). */
  emailChangeLimit: 'För många byten av e-postadress den senaste timmen. Vänta en stund och försök igen.',
  profileImageNotFound: 'Profilbilden hittades inte',
  meetupInterestsKeepMin: 'Du måste ha minst {n} intressen valda',
  lookingForKeepMin: 'Du måste ha minst {n} alternativ valt',
  memberFetchFailed: 'Kunde inte hämta medlemsinformation',
  memberProfileLoadFailed: 'Kunde inte ladda medlemsprofilen. Försök igen senare.',
  memberInfoEmpty: 'Ingen medlemsinformation tillgänglig',
  profileUpdateFailed: 'Kunde inte spara profilen',
  profileUpdated: 'Profilen har uppdaterats',
  uploadFailedTitle: 'Uppladdning misslyckades',
  uploadFailedFallback: 'Kunde inte ladda upp profilbilden. Försök igen.',
  fileReadFailed: 'Uppladdningen misslyckades',

  // The account's deletion (my data)
  accountDeleteConfirmRequired: 'Bekräfta att du vill ta bort ditt konto: skicka { "confirm": true }',
  accountDeleted: 'Ditt konto är borttaget. Ett bekräftelsemejl är skickat till din adress.',
} as const;
