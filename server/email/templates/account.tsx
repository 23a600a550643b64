import { formatKr } from '@common/rules/money';
import { A, Action, Greeting, Layout, P } from './layout';
import type { EmailTemplate } from './types';

/**
 * The account e-mails (issue 11): sign-up, password, login lock, change of address, passkeys.
 * Every link is an absolute URL given in the props; `renderEmail` checks them against PUBLIC_URL.
 *
 * An e-mail to an address nobody has proven yet (a sign-up's confirmation, a new address's
 * confirmation) carries no text the requester chose: no name, no free text. Else the site's
 * domain would deliver anyone's words to any address ('Vinn 5000 kr: http://…' as a first name,
 * issue 28). So those templates take no name at all, and a notice to a member's current address
 * greets by name only when that address is verified (the callers pass '' otherwise).
 */

const reasons = {
  signup:
    'Du får det här e-postmeddelandet eftersom den här adressen angavs när ett konto skapades på Singelgolf.',
  reset:
    'Du får det här e-postmeddelandet eftersom någon bad om att återställa lösenordet till ett konto på Singelgolf med den här adressen.',
  security: 'Du får det här e-postmeddelandet eftersom det gäller säkerheten för ditt konto på Singelgolf.',
  newAddress:
    'Du får det här e-postmeddelandet eftersom den här adressen angavs som ny e-postadress för ett konto på Singelgolf.',
  inUse:
    'Du får det här e-postmeddelandet eftersom den här adressen hör till ditt konto på Singelgolf och någon försökte ange den för ett annat konto.',
};

/** 'den närmaste minuten' / 'de närmaste 15 minuterna'. */
const nextMinutes = (minutes: number) =>
  minutes === 1 ? 'den närmaste minuten' : `de närmaste ${minutes} minuterna`;

/** Sent to an address not yet proven: no name (the sign-up form's name is anyone's text). */
export interface VerifyEmailProps {
  url: string;
}

export const verifyEmail: EmailTemplate<VerifyEmailProps> = {
  subject: () => 'Bekräfta din e-postadress',
  Body: ({ url, publicUrl }) => (
    <Layout
      preview="Bekräfta din e-postadress för att komma igång med Singelgolf."
      heading="Bekräfta din e-postadress"
      publicUrl={publicUrl}
      reason={reasons.signup}
    >
      <Greeting firstName="" />
      <P>Välkommen till Singelgolf! Bekräfta att den här e-postadressen är din med knappen nedan.</P>
      <Action href={url}>Bekräfta e-postadress</Action>
      <P>Länken gäller i 24 timmar.</P>
      <P>Har du inte skapat något konto hos oss kan du bortse från det här meddelandet.</P>
    </Layout>
  ),
};

export interface SignupExistingProps {
  firstName: string;
  loginUrl: string;
  resetUrl: string;
}

export const signupExisting: EmailTemplate<SignupExistingProps> = {
  subject: () => 'Du har redan ett konto på Singelgolf',
  Body: ({ firstName, loginUrl, resetUrl, publicUrl }) => (
    <Layout
      preview="Någon försökte skapa ett nytt konto med din e-postadress."
      heading="Du har redan ett konto"
      publicUrl={publicUrl}
      reason={reasons.signup}
    >
      <Greeting firstName={firstName} />
      <P>
        Någon, förhoppningsvis du, försökte nyss skapa ett konto på Singelgolf med den här e-postadressen. Det
        finns redan ett konto med adressen, så inget nytt konto skapades.
      </P>
      <Action href={loginUrl}>Logga in</Action>
      <P>
        Har du glömt ditt lösenord? Då kan du välja ett nytt: <A href={resetUrl}>Återställ lösenordet</A>
      </P>
      <P>Var det inte du behöver du inte göra någonting. Ditt konto är oförändrat.</P>
    </Layout>
  ),
};

export interface PasswordResetProps {
  firstName: string;
  url: string;
}

export const passwordReset: EmailTemplate<PasswordResetProps> = {
  subject: () => 'Återställ ditt lösenord',
  Body: ({ firstName, url, publicUrl }) => (
    <Layout
      preview="Välj ett nytt lösenord till ditt konto på Singelgolf."
      heading="Återställ ditt lösenord"
      publicUrl={publicUrl}
      reason={reasons.reset}
    >
      <Greeting firstName={firstName} />
      <P>
        Vi har fått en begäran om att återställa lösenordet till ditt konto på Singelgolf. Välj ett nytt
        lösenord med knappen nedan.
      </P>
      <Action href={url}>Välj nytt lösenord</Action>
      <P>Länken gäller i en timme.</P>
      <P>Har du inte bett om det kan du bortse från det här meddelandet. Ditt lösenord ändras inte.</P>
    </Layout>
  ),
};

export interface PasswordChangedProps {
  firstName: string;
  resetUrl: string;
  /** Passkeys a reset link removed (0 for a change from a session). */
  passkeysRemoved?: number;
}

export const passwordChanged: EmailTemplate<PasswordChangedProps> = {
  subject: () => 'Ditt lösenord har ändrats',
  Body: ({ firstName, resetUrl, passkeysRemoved = 0, publicUrl }) => (
    <Layout
      preview="Lösenordet till ditt konto på Singelgolf har ändrats."
      heading="Ditt lösenord har ändrats"
      publicUrl={publicUrl}
      reason={reasons.security}
    >
      <Greeting firstName={firstName} />
      <P>
        Lösenordet till ditt konto på Singelgolf har just ändrats. Av säkerhetsskäl har du loggats ut på alla
        enheter.
      </P>
      {passkeysRemoved > 0 && (
        <P>
          Av säkerhetsskäl har även{' '}
          {passkeysRemoved === 1 ? 'din inloggningsnyckel' : `dina ${passkeysRemoved} inloggningsnycklar`}{' '}
          tagits bort, eftersom den som eventuellt kommit åt ditt konto kan ha lagt till en egen. Lägg till
          dina nycklar igen under Säkerhet på din profil.
        </P>
      )}
      <P>Var det inte du? Återställ lösenordet direkt, så att ingen annan kommer åt ditt konto.</P>
      <Action href={resetUrl}>Återställ lösenordet</Action>
    </Layout>
  ),
};

export interface LoginLockedProps {
  firstName: string;
  minutes: number;
  resetUrl: string;
}

export const loginLocked: EmailTemplate<LoginLockedProps> = {
  subject: () => 'Inloggningen till ditt konto är tillfälligt spärrad',
  Body: ({ firstName, minutes, resetUrl, publicUrl }) => (
    <Layout
      preview="Många misslyckade inloggningsförsök på ditt konto."
      heading="Inloggningen är tillfälligt spärrad"
      publicUrl={publicUrl}
      reason={reasons.security}
    >
      <Greeting firstName={firstName} />
      <P>
        Någon har försökt logga in på ditt konto på Singelgolf med fel lösenord 10 gånger inom en timme. För
        att skydda kontot går det inte att logga in på det under {nextMinutes(minutes)}.
      </P>
      <P>Var det du kan du försöka igen om en stund. Var det inte du, byt lösenord med knappen nedan.</P>
      <Action href={resetUrl}>Återställ lösenordet</Action>
    </Layout>
  ),
};

/** Sent to the new address, not yet proven: no name (the profile's name is the requester's text). */
export interface EmailChangeConfirmProps {
  newEmail: string;
  url: string;
}

export const emailChangeConfirm: EmailTemplate<EmailChangeConfirmProps> = {
  subject: () => 'Bekräfta din nya e-postadress',
  Body: ({ newEmail, url, publicUrl }) => (
    <Layout
      preview="Bekräfta din nya e-postadress på Singelgolf."
      heading="Bekräfta din nya e-postadress"
      publicUrl={publicUrl}
      reason={reasons.newAddress}
    >
      <Greeting firstName="" />
      <P>
        Du har bett om att byta e-postadress för ditt konto på Singelgolf till {newEmail}. Bekräfta att
        adressen är din med knappen nedan. Adressen byts först när du har bekräftat den.
      </P>
      <Action href={url}>Bekräfta ny e-postadress</Action>
      <P>Länken gäller i 24 timmar.</P>
      <P>Har du inte bett om bytet kan du bortse från det här meddelandet.</P>
    </Layout>
  ),
};

export interface EmailChangeNoticeProps {
  /** '' when the current address is not verified (then the requester's texts stay out). */
  firstName: string;
  /** null when the current address is not verified. */
  newEmail: string | null;
  cancelUrl: string;
}

export const emailChangeNotice: EmailTemplate<EmailChangeNoticeProps> = {
  subject: () => 'Din e-postadress håller på att ändras',
  Body: ({ firstName, newEmail, cancelUrl, publicUrl }) => (
    <Layout
      preview="Någon har bett om att byta e-postadressen för ditt konto."
      heading="Din e-postadress håller på att ändras"
      publicUrl={publicUrl}
      reason={reasons.security}
    >
      <Greeting firstName={firstName} />
      <P>
        Någon har bett om att byta e-postadressen för ditt konto på Singelgolf
        {newEmail ? ` till ${newEmail}` : ' till en ny adress'}. Bytet genomförs när den nya adressen har
        bekräftats.
      </P>
      <P>Var det inte du? Avbryt bytet med knappen nedan och byt gärna lösenord.</P>
      <Action href={cancelUrl}>Avbryt bytet</Action>
    </Layout>
  ),
};

export interface EmailChangedProps {
  /** '' when the old address was not verified. */
  firstName: string;
  /** null when the old address was not verified. */
  newEmail: string | null;
}

export const emailChanged: EmailTemplate<EmailChangedProps> = {
  subject: () => 'Din e-postadress har ändrats',
  Body: ({ firstName, newEmail, publicUrl }) => (
    <Layout
      preview="E-postadressen för ditt konto på Singelgolf har ändrats."
      heading="Din e-postadress har ändrats"
      publicUrl={publicUrl}
      reason={reasons.security}
    >
      <Greeting firstName={firstName} />
      <P>
        E-postadressen för ditt konto på Singelgolf har ändrats{newEmail ? ` till ${newEmail}` : ''}.
        Meddelanden om kontot skickas från och med nu dit i stället för hit.
      </P>
      <P>
        Var det inte du? Kontakta oss så snart som möjligt via webbplatsen:{' '}
        <A href={`${publicUrl}/`}>{`${publicUrl}/`}</A>
      </P>
    </Layout>
  ),
};

export type EmailInUseProps = Record<string, never>;

/**
 * To the holder of an address another member gave as their new one (issue 28): the requester is
 * answered exactly as for a free address (nothing tells them the address has an account), and the
 * change never confirms. No name: nothing here comes from the requester.
 */
export const emailInUse: EmailTemplate<EmailInUseProps> = {
  subject: () => 'Någon försökte använda din e-postadress',
  Body: ({ publicUrl }) => (
    <Layout
      preview="Någon angav din e-postadress för ett annat konto på Singelgolf."
      heading="Någon försökte använda din e-postadress"
      publicUrl={publicUrl}
      reason={reasons.inUse}
    >
      <Greeting firstName="" />
      <P>
        Någon angav nyss den här e-postadressen som ny adress för ett annat konto på Singelgolf. Adressen hör
        redan till ditt konto, så den kan inte bli någon annans, och inget har ändrats.
      </P>
      <P>
        Du behöver inte göra någonting. Känner du inte igen det här kan du kontakta oss via webbplatsen:{' '}
        <A href={`${publicUrl}/`}>{`${publicUrl}/`}</A>
      </P>
    </Layout>
  ),
};

export interface PasskeyAddedProps {
  firstName: string;
  passkeyName: string;
  securityUrl: string;
}

export const passkeyAdded: EmailTemplate<PasskeyAddedProps> = {
  subject: () => 'En ny passkey har lagts till på ditt konto',
  Body: ({ firstName, passkeyName, securityUrl, publicUrl }) => (
    <Layout
      preview="En ny passkey kan nu användas för att logga in på ditt konto."
      heading="En ny passkey har lagts till"
      publicUrl={publicUrl}
      reason={reasons.security}
    >
      <Greeting firstName={firstName} />
      <P>
        En ny passkey, ”{passkeyName}”, har lagts till på ditt konto på Singelgolf. Den kan nu användas för
        att logga in.
      </P>
      <P>Var det inte du? Ta bort den och byt lösenord under kontots säkerhetsinställningar.</P>
      <Action href={securityUrl}>Visa säkerhetsinställningar</Action>
    </Layout>
  ),
};

export interface AccountDeletedProps {
  firstName: string;
  /** The day the account was deleted, in Swedish ('24 november 2026'). */
  date: string;
  /** Whether a Pro subscription was ended with the account. */
  endedPro: boolean;
}

export const accountDeleted: EmailTemplate<AccountDeletedProps> = {
  subject: () => 'Ditt konto på Singelgolf är borttaget',
  Body: ({ firstName, date, endedPro, publicUrl }) => (
    <Layout
      preview="Ditt konto och dina personuppgifter har tagits bort."
      heading="Ditt konto är borttaget"
      publicUrl={publicUrl}
      reason={reasons.security}
    >
      <Greeting firstName={firstName} />
      <P>
        Du tog bort ditt konto på Singelgolf {date}. Din profil, e-postadress, bilder, kostpreferenser och
        inloggning (lösenord och nycklar) är raderade, och du är utloggad överallt.
        {endedPro ? ' Ditt Pro-medlemskap är avslutat och inga fler betalningar dras.' : ''}
      </P>
      <P>
        Dina meddelanden finns kvar hos mottagarna, men avsändaren visas som 'Borttagen medlem'. Uppgifter om
        betalningar sparas utan namn och e-post så länge bokföringslagen kräver.
      </P>
      <P>Det här är det sista e-postmeddelandet du får från oss. Du är alltid välkommen tillbaka.</P>
    </Layout>
  ),
};

export interface ProWithdrawalProps {
  firstName: string;
  /** When the withdrawal was made and the purchase it undoes, in Swedish. */
  withdrawnAt: string;
  purchasedAt: string;
  refundAmount: number;
  amountPaid: number;
}

/** The receipt of a withdrawal from Pro on a durable medium (Directive (EU) 2023/2673). */
export const proWithdrawal: EmailTemplate<ProWithdrawalProps> = {
  subject: () => 'Kvitto: du har ångrat köpet av Pro',
  Body: ({ firstName, withdrawnAt, purchasedAt, refundAmount, amountPaid, publicUrl }) => (
    <Layout
      preview={`Du har ångrat köpet av Pro. ${formatKr(refundAmount)} betalas tillbaka.`}
      heading="Du har ångrat köpet av Pro"
      publicUrl={publicUrl}
      reason={reasons.security}
    >
      <Greeting firstName={firstName} />
      <P>
        Vi har tagit emot att du utnyttjar din ångerrätt {withdrawnAt} för Pro-medlemskapet som du köpte{' '}
        {purchasedAt}. Avtalet är avslutat och ditt medlemskap är nu Gratis; inga fler betalningar dras.
      </P>
      <P>
        Återbetalning: {formatKr(refundAmount)} av betalda {formatKr(amountPaid)}, till samma betalsätt som du
        betalade med. Pengarna syns vanligtvis på kontot inom 5–10 bankdagar.
      </P>
      <P>Spara det här e-postmeddelandet som kvitto på att du har ångrat köpet.</P>
    </Layout>
  ),
};
