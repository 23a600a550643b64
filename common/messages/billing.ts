/**
 * The Pro subscription, its payment and withdrawal, and membership changes (spec §8).
 * Part of `msg` (common/messages.ts).
 */
export const billingMessages = {
  // Subscription and payment (spec §8; server answers whose texts the client shows)
  adminCannotCancel: 'Som admin kan du inte säga upp ditt medlemskap',
  noActiveSubscription: 'Ingen aktiv prenumeration hittades att säga upp',
  noCancelledSubscription: 'Ingen uppsagd prenumeration hittades att återaktivera',
  cancelFailedTitle: 'Fel vid uppsägning',
  cancelFailedGeneric: 'Ett fel uppstod vid uppsägning av prenumerationen',
  reactivateFailedTitle: 'Fel vid återaktivering',
  subscriptionStatusFailed: 'Kunde ej ladda status',
  paymentFailedTitle: 'Betalning misslyckades',
  subscriptionCreateFailedTitle: 'Ett fel uppstod',
  subscriptionCreateFailed: 'Kunde inte skapa prenumerationen. Försök igen senare.',
  checkoutStartFailedTitle: 'Fel',
  checkoutStartFailed: 'Kunde inte starta prenumerationsprocessen. Försök igen.',
  verifyNotActivatedTitle: 'Verifiering misslyckades',
  verifyNotActivated: 'Kunde inte aktivera Pro-medlemskap automatiskt.',
  verifyErrorTitle: 'Fel uppstod',
  verifyError: 'Kunde inte verifiera betalning.',
  alreadyPro: 'Du är redan Pro-medlem!',
  sessionIdRequired: 'Betalningssessionen saknas',
  sessionNotFound: 'Betalningssessionen hittades inte',
  sessionNotYours: 'Betalningssessionen tillhör en annan medlem',
  paymentNotCompleted: 'Betalningen är inte genomförd',
  cardDeclined: 'Kortet nekades. Försök med ett annat kort.',
  withdrawalNotEligible:
    'Ångerrätten gäller inte längre för ditt köp: den gäller i 14 dagar från köpet och bara en gång per köp',
  startImmediatelyAfterPurchase: 'Valet gäller ett nytt köp: du är redan Pro-medlem',
  startImmediatelyLabel:
    'Jag vill att Pro börjar direkt. Jag förstår att om jag ångrar köpet inom 14 dagar dras ett belopp för de dagar jag har haft Pro.',
  withdrawalProviderFailed: 'Betaltjänsten svarade inte, så köpet är inte ångrat. Försök igen om en stund.',
  withdrawalConfirmRequired:
    'Bekräfta att du vill ångra köpet: Pro avslutas direkt och beloppet betalas tillbaka. Skicka { "confirm": true }',
  cardNumberInvalid: 'Ange ett giltigt kortnummer (13–19 siffror). Testkort: 4242 4242 4242 4242',
  webhookSignatureInvalid: 'Ogiltig signatur',
  membershipUpdateFailedTitle: 'Fel vid uppdatering',
  membershipUpdateFailed: 'Kunde inte uppdatera medlemskapet',
  membershipTypeRequired: 'Välj en medlemskapstyp',
} as const;
