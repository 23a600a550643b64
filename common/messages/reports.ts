/**
 * Reports and moderation (issue 15).
 * Part of `msg` (common/messages.ts).
 */
export const reportsMessages = {
  // Reports and moderation (issue 15)
  reportTargetTypeInvalid: 'Välj vad du anmäler: user, message, group_message, image eller photo',
  reportTargetIdRequired: 'Ange vad du anmäler (targetId)',
  reportReasonInvalid: 'Välj en anledning: harassment, spam, fake, inappropriate, underage eller other',
  reportDetailsTooLong: 'Beskrivningen får vara högst 2000 tecken',
  reportOtherNeedsDetails: 'Beskriv vad anmälan gäller när du väljer Annat',
  reportTargetNotFound: 'Det du anmäler finns inte, eller så kan du inte se det',
  reportSelf: 'Du kan inte anmäla dig själv eller ditt eget innehåll',
  reportLimit: 'Du har gjort många anmälningar på kort tid. Försök igen om en stund.',
  reportReceived: 'Tack! Vi har tagit emot din anmälan och återkommer via e-post när vi har granskat den.',
  reportFailed: 'Kunde inte skicka anmälan',
  reportAction: 'Rapportera',
  reportNotFound: 'Anmälan finns inte',
  reportAlreadyDecided: 'Anmälan är redan avgjord',
  decisionActionInvalid: 'Välj ett beslut: dismiss, warn, remove_content eller suspend',
  decisionStatementRequired: 'Skriv en motivering (minst 10 tecken) – den skickas till medlemmen',
  decisionStatementTooLong: 'Motiveringen får vara högst 5000 tecken',
  decisionRuleInvalid: 'Välj vilken regel i villkoren beslutet gäller',
  decisionRemoveProfileContent: 'Ta bort innehållet gäller profilens bild och fritexter',
  decisionCannotSuspendAdmin: 'En administratör kan inte stängas av',
  userNotSuspended: 'Medlemmen är inte avstängd',
  accountSuspended:
    'Ditt konto är avstängt efter ett beslut av våra moderatorer. Du har fått ett e-postmeddelande med skälen och hur du överklagar.',
  messageRemoved: 'Meddelandet har tagits bort av en moderator',
  newConversationLimit:
    'Du har startat många nya konversationer den senaste timmen. Vänta en stund innan du skriver till fler medlemmar.',
} as const;
