import { startMailbox } from './mailbox';
import { E2E_WORKERS, sitePort } from './site';

/** Before the journeys: the mailbox each worker's site sends its e-mail to (SMTP_URL); stopped after them. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stops = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, slot) => startMailbox(sitePort(slot))),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
