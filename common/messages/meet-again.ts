/**
 * 'Vill ses igen' (issue 30).
 * Part of `msg` (common/messages.ts).
 */
export const meetAgainMessages = {
  // 'Vill ses igen' (issue 30)
  meetAgainNotCheckedIn: 'Bara medlemmar som checkades in på evenemanget kan svara',
  meetAgainNotYetOpen: 'Du kan svara när evenemanget har slutat',
  meetAgainClosed: 'Tiden för att svara har gått ut (7 dagar efter evenemanget)',
  meetAgainDisabled: 'Du har stängt av Vill ses igen i dina integritetsinställningar',
  meetAgainUnknownPerson: 'Medlemmen finns inte bland dem du kan svara om',
  meetAgainPersonRequired: 'Ange vilken medlem svaret gäller',
  meetAgainChoiceInvalid: 'Välj dejt, golfkompis, nej tack eller inget svar',
  meetAgainAnswerInvalid: 'Ett svar ska ha userId och choice',
  meetAgainAnswersRequired: 'Skicka minst ett svar',
  meetAgainAnswersTooMany: 'För många svar på en gång',
  meetAgainAnswersDuplicate: 'Samma medlem finns flera gånger bland svaren',
  meetAgainAlreadyMatched: 'Ni har redan matchat: svaret kan inte ändras',
  meetAgainInvalid: 'Ange ja eller nej för Vill ses igen',
  meetAgainSaved: 'Dina svar är sparade',
  meetAgainSaveFailed: 'Kunde inte spara svaret',
} as const;
