import type { EmailStatus } from '@common/schemas/admin-emails';

/** Swedish names of the outbox statuses, and the colour of each badge. */
export const EMAIL_STATUS_LABEL: Record<EmailStatus, string> = {
  queued: 'I kö',
  sending: 'Skickas',
  sent: 'Skickat',
  failed: 'Misslyckat',
  captured: 'Fångat',
};

export const EMAIL_STATUS_COLOR: Record<EmailStatus, string> = {
  queued: 'yellow',
  sending: 'blue',
  sent: 'golf',
  failed: 'red',
  captured: 'gray',
};
