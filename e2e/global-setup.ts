import { startMailbox } from './mailbox';

/** Before the journeys: the mailbox the site sends its e-mail to (SMTP_URL); stopped after them. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailbox();
}
