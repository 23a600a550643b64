import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ownSitePort } from './site';

/**
 * The journeys' mailbox: a real SMTP server (smtp-server) that the site under test sends to
 * (SMTP_URL), keeping each message, parsed by mailparser, as a JSON file that the tests read.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The mailbox of the site on `e2ePort` (this worker's site by default): its SMTP port (+ 1000) and folder. */
export function mailboxFor(e2ePort = ownSitePort()) {
  const port = e2ePort + 1000;
  return {
    port,
    dir: path.join(root, '.tmp', `e2e-mail-${port}`),
    smtpUrl: `smtp://127.0.0.1:${port}`,
  };
}

/** One stored message. */
export interface StoredEmail {
  /** The envelope's recipients and the To header's addresses, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** An e-mail as a test reads it: `links` are the absolute addresses in it, in order, each once. */
export interface Email {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** The http(s) addresses of a message: the html's hrefs first, then those written in the text. */
export function linksOf(html: string, text: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi))
    found.push(decodeEntities(m[1] ?? m[2]));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) found.push(m[0].replace(/[.,;:!?]+$/, ''));
  return [...new Set(found.filter((l) => /^https?:\/\//.test(l)))];
}

/**
 * Starts the mailbox's SMTP server (no TLS, no STARTTLS, no login needed) with an empty folder;
 * answers a function that stops it.
 */
export async function startMailbox(e2ePort?: number): Promise<() => Promise<void>> {
  const { port, dir } = mailboxFor(e2ePort);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headerTo = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap(
            (a) => a.value.map((v) => v.address ?? ''),
          );
          const to = [...new Set([...session.envelope.rcptTo.map((r) => r.address), ...headerTo])]
            .filter(Boolean)
            .map((a) => a.toLowerCase());
          const mail: StoredEmail = {
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          // Written under a temporary name, then renamed: a reader never sees half a message.
          const name = `${Date.now()}-${String(++seq).padStart(6, '0')}`;
          writeFileSync(path.join(dir, `${name}.tmp`), JSON.stringify(mail, null, 2));
          renameSync(path.join(dir, `${name}.tmp`), path.join(dir, `${name}.json`));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Waits for an e-mail to `to` whose subject contains `subjectPart` and takes it: the oldest such
 * message not taken before (its file is renamed `.read`), so asking again waits for the next one.
 */
export async function waitForEmail(
  to: string,
  subjectPart: string,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<Email> {
  const { dir } = mailboxFor();
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort();
    } catch {
      // the folder appears when the mailbox starts
    }
    for (const name of names) {
      const file = path.join(dir, name);
      let mail: StoredEmail;
      try {
        mail = JSON.parse(readFileSync(file, 'utf8')) as StoredEmail;
      } catch {
        continue; // taken meanwhile
      }
      if (!mail.to.includes(address) || !mail.subject.includes(subjectPart)) continue;
      try {
        renameSync(file, file.replace(/\.json$/, '.read'));
      } catch {
        continue; // another reader took it first
      }
      return {
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: linksOf(mail.html, mail.text),
      };
    }
    if (Date.now() > deadline) {
      const seen = names.length;
      throw new Error(
        `no e-mail to ${to} with a subject containing '${subjectPart}' within ${timeoutMs} ms (${seen} unread in ${dir})`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The e-mail's first link whose address contains `part`. */
export function linkIn(email: Email, part: string): string {
  const link = email.links.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing '${part}' in '${email.subject}': ${email.links.join(', ')}`);
  return link;
}
