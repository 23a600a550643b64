/**
 * Blocks and privacy settings (issue 15).
 * Part of `msg` (common/messages.ts).
 */
export const blocksMessages = {
  // Blocks and privacy (issue 15)
  blockUserRequired: 'Ange vilken medlem du vill blockera',
  blockSelf: 'Du kan inte blockera dig själv',
  blockNotFound: 'Medlemmen är inte blockerad av dig',
  /** The same answer for a block (either way) and a member's privacy setting: the sender cannot tell which. */
  messageNotAccepted: 'Medlemmen tar inte emot meddelanden från dig',
  conversationClosed: 'Konversationen är stängd',
  conversationClosedText: 'Du kan läsa tidigare meddelanden men inte skriva nya i den här konversationen.',
  privacyHiddenInvalid: 'Ange om du vill döljas i medlemslistan (ja eller nej)',
  privacyWhoCanMessageInvalid: 'Välj vem som får skriva till dig: members, contacts eller nobody',
  privacyUnknownField: 'Okänt fält: bara hiddenFromDirectory, whoCanMessage och meetAgain kan ändras',
  privacySaved: 'Integritetsinställningarna är sparade',
  privacySaveFailed: 'Kunde inte spara integritetsinställningarna',
  blockAction: 'Blockera',
  unblockAction: 'Ta bort blockering',
  blockConfirmText:
    'Ni ser inte längre varandra i medlemslistan eller varandras profiler, och ingen av er kan skicka direktmeddelanden till den andra. Tidigare meddelanden finns kvar men konversationen stängs. Ni hamnar inte i samma bollgrupp. Den du blockerar får inget meddelande om det. Gemensamma evenemang och deras gruppchatt påverkas inte.',
  blockDone: 'Medlemmen är blockerad',
  blockFailed: 'Kunde inte blockera medlemmen',
  unblockDone: 'Blockeringen är borttagen',
  unblockFailed: 'Kunde inte ta bort blockeringen',
  blockedPairWarning: 'Blockerat par: de här medlemmarna ska inte spela i samma bollgrupp',
} as const;
