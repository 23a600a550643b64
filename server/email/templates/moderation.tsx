import { A, Greeting, Layout, P } from './layout';
import type { EmailTemplate } from './types';

/**
 * The moderation e-mails (issue 15, EU Digital Services Act): the acknowledgement of a report, its
 * outcome to the reporter, the statement of reasons to the member a decision concerns, and the end of a
 * suspension. Reporters are never named to the member concerned, nor the member to the reporter beyond
 * what they reported.
 */

const reasons = {
  reporter: 'Du får det här e-postmeddelandet eftersom du har gjort en anmälan på Singelgolf.',
  member: 'Du får det här e-postmeddelandet eftersom det gäller ditt konto på Singelgolf.',
};

export interface ReportReceivedProps {
  firstName: string;
  /** What was reported, in words ('en profil', 'ett meddelande', …). */
  what: string;
  reasonLabel: string;
  /** When the report was received, in Swedish. */
  receivedAt: string;
}

export const reportReceived: EmailTemplate<ReportReceivedProps> = {
  subject: () => 'Vi har tagit emot din anmälan',
  Body: ({ firstName, what, reasonLabel, receivedAt, publicUrl }) => (
    <Layout
      preview="Tack för din anmälan. Vi granskar den och hör av oss med beslutet."
      heading="Vi har tagit emot din anmälan"
      publicUrl={publicUrl}
      reason={reasons.reporter}
    >
      <Greeting firstName={firstName} />
      <P>
        Tack för att du hjälper oss att hålla Singelgolf tryggt. Vi tog emot din anmälan av {what} (
        {reasonLabel}){` ${receivedAt}`}.
      </P>
      <P>
        En moderator granskar anmälan mot våra <A href={`${publicUrl}/villkor`}>villkor</A>. Du får ett nytt
        e-postmeddelande när vi har fattat beslut. Den du anmält får inte veta vem som anmälde.
      </P>
      <P>
        Känner du dig hotad eller otrygg? Du kan blockera medlemmen från profilen, och vid brott ska du
        kontakta polisen. Läs mer i våra <A href={`${publicUrl}/sakerhetstips`}>säkerhetstips</A>.
      </P>
    </Layout>
  ),
};

export interface ReportOutcomeProps {
  firstName: string;
  what: string;
  /** The outcome in one sentence, worded for the reporter (reportOutcomeText). */
  outcome: string;
}

export const reportOutcome: EmailTemplate<ReportOutcomeProps> = {
  subject: () => 'Beslut om din anmälan',
  Body: ({ firstName, what, outcome, publicUrl }) => (
    <Layout preview={outcome} heading="Beslut om din anmälan" publicUrl={publicUrl} reason={reasons.reporter}>
      <Greeting firstName={firstName} />
      <P>Vi har granskat din anmälan av {what}.</P>
      <P>{outcome}</P>
      <P>Tack för att du sa till. Du kan alltid blockera en medlem du inte vill ha kontakt med.</P>
    </Layout>
  ),
};

export interface ModerationDecisionProps {
  firstName: string;
  /** What the decision is about ('ett meddelande du skickade 24 november 2026', 'din profil', …). */
  what: string;
  /** The decision in words (what was done). */
  decision: string;
  /** The moderator's statement of reasons. */
  statement: string;
  /** The rule of 'Villkor' the decision rests on, e.g. '1. Var respektfull', or null. */
  rule: string | null;
  /** When it was decided, in Swedish. */
  decidedAt: string;
  /** Where the member appeals (an e-mail address). */
  appealAddress: string;
}

export const moderationDecision: EmailTemplate<ModerationDecisionProps> = {
  subject: () => 'Beslut från Singelgolfs moderatorer',
  Body: ({ firstName, what, decision, statement, rule, decidedAt, appealAddress, publicUrl }) => (
    <Layout
      preview={decision}
      heading="Beslut från våra moderatorer"
      publicUrl={publicUrl}
      reason={reasons.member}
    >
      <Greeting firstName={firstName} />
      <P>
        Vi har fått en anmälan som gäller {what}, och en moderator har granskat den {decidedAt}.
      </P>
      <P>Beslut: {decision}</P>
      <P>Skäl: {statement}</P>
      <P>
        {rule ? `Regel: ${rule} i ` : 'Beslutet grundar sig på '}
        <A href={`${publicUrl}/villkor`}>Singelgolfs villkor</A>. Beslutet fattades av en person, inte
        automatiskt.
      </P>
      <P>
        Tycker du att beslutet är fel? Du kan överklaga inom sex månader genom att skriva till {appealAddress}
        . Berätta varför du anser att beslutet ska ändras; en annan moderator prövar det och du får svar via
        e-post. Du kan också vända dig till ett certifierat organ för tvistlösning utanför domstol eller till
        domstol.
      </P>
    </Layout>
  ),
};

export interface AccountReinstatedProps {
  firstName: string;
  loginUrl: string;
}

export const accountReinstated: EmailTemplate<AccountReinstatedProps> = {
  subject: () => 'Ditt konto är öppnat igen',
  Body: ({ firstName, loginUrl, publicUrl }) => (
    <Layout
      preview="Avstängningen av ditt konto är hävd. Du kan logga in igen."
      heading="Ditt konto är öppnat igen"
      publicUrl={publicUrl}
      reason={reasons.member}
    >
      <Greeting firstName={firstName} />
      <P>
        Avstängningen av ditt konto på Singelgolf är hävd, och du kan <A href={loginUrl}>logga in</A> igen.
        Välkommen tillbaka, och tänk på våra <A href={`${publicUrl}/villkor`}>villkor</A>.
      </P>
    </Layout>
  ),
};
