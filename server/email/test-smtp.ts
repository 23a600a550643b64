import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';

/** One message as the SMTP server received it: the envelope and the parsed e-mail. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:<port>` (credentials in the URL, as in production). */
  url: string;
  received: ReceivedMail[];
  /**
   * Decides each RCPT TO: return an SMTP error to refuse it (e.g. `{ code: 451, message }`),
   * or nothing to accept. Reset with `undefined`.
   */
  onRecipient?: (
    address: string,
    session: SMTPServerSession,
  ) => { code: number; message: string } | undefined;
  /** Milliseconds the server takes to accept each message's data (a slow server). */
  dataDelayMs: number;
  /** Resolves when `n` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const USER = 'singelgolf';
const PASS = 'hemligt-lösen';

/**
 * A real SMTP server in the test process on a random port (smtp-server), with AUTH PLAIN/LOGIN over
 * plain text allowed for localhost; every message is parsed with mailparser.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const state: { onRecipient?: TestSmtpServer['onRecipient']; dataDelayMs: number } = { dataDelayMs: 0 };

  const server = new SMTPServer({
    secure: false,
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) return callback(null, { user: USER });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const refusal = state.onRecipient?.(address.address, session);
      if (refusal) {
        const err = new Error(refusal.message) as Error & { responseCode: number };
        err.responseCode = refusal.code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        new Promise((resolve) => setTimeout(resolve, state.dataDelayMs))
          .then(() => simpleParser(raw))
          .then((parsed) => {
            received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              parsed,
              raw,
            });
            for (const w of [...waiters]) {
              if (received.length >= w.n) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve();
              }
            }
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://${USER}:${encodeURIComponent(PASS)}@127.0.0.1:${port}`,
    received,
    get onRecipient() {
      return state.onRecipient;
    },
    set onRecipient(fn) {
      state.onRecipient = fn;
    },
    get dataDelayMs() {
      return state.dataDelayMs;
    },
    set dataDelayMs(ms) {
      state.dataDelayMs = ms;
    },
    waitFor(n, timeoutMs = 10_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${n} e-mails within ${timeoutMs} ms, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
