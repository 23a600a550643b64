/**
 * Direct messages, group chats and their live connection (spec §5 'Other rules').
 * Part of `msg` (common/messages.ts).
 */
export const chatMessages = {
  // Messages and group chat (spec §5 'Other rules')
  messageBlank: 'Meddelandet får inte vara tomt',
  messageTooLong: 'Meddelandet får vara högst 5000 tecken',
  messageRecipientRequired: 'Välj en mottagare',
  messageToSelf: 'Du kan inte skicka meddelanden till dig själv',
  messageEventMismatch: 'Meddelandet hör inte till detta evenemang',
  groupChatForbidden: 'Gruppchatten är bara öppen för deltagare i evenemanget',
  realtimeJoinRefused: 'Du kan bara ansluta till dina egna meddelanden',
  realtimeTooManySockets: 'Du har för många öppna anslutningar. Stäng några flikar och försök igen.',
} as const;
