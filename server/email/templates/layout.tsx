import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

/** The site's green (as on the built-in issuer's pages) and text colours. */
const green = '#2b8a3e';
const ink = '#1b2b20';
const muted = '#5c6b61';

const styles = {
  body: {
    margin: 0,
    padding: '24px 0',
    backgroundColor: '#f1f8f3',
    color: ink,
    fontFamily: "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
  },
  container: { maxWidth: '520px', margin: '0 auto', padding: '0 16px' },
  brand: { color: green, fontWeight: 700, fontSize: '22px', textDecoration: 'none' },
  card: {
    backgroundColor: '#ffffff',
    borderRadius: '12px',
    padding: '24px',
    marginTop: '16px',
    border: '1px solid #dfe9e2',
  },
  heading: { fontSize: '21px', lineHeight: '28px', margin: '0 0 16px', color: ink },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 14px', color: ink },
  button: {
    display: 'inline-block',
    backgroundColor: green,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    textDecoration: 'none',
    borderRadius: '8px',
    padding: '12px 20px',
  },
  fallback: {
    fontSize: '13px',
    lineHeight: '20px',
    color: muted,
    margin: '14px 0 0',
    wordBreak: 'break-all' as const,
  },
  link: { color: green },
  hr: { borderColor: '#dfe9e2', margin: '24px 0 12px' },
  footer: { fontSize: '13px', lineHeight: '20px', color: muted, margin: '0 0 6px' },
};

export interface LayoutProps {
  /** The line a mail program shows next to the subject. */
  preview: string;
  heading: string;
  publicUrl: string;
  /** Why the recipient gets this e-mail (the footer). */
  reason: string;
  /** A further footer line (notification e-mails: how to stop them). */
  footer?: ReactNode;
  children: ReactNode;
}

/** The one layout of every e-mail: the brand, a white card, and a footer saying why it was sent. */
export function Layout({ preview, heading, publicUrl, reason, footer, children }: LayoutProps) {
  return (
    <Html lang="sv" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Link href={`${publicUrl}/`} style={styles.brand}>
            ⛳ Singelgolf
          </Link>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={styles.hr} />
          <Text style={styles.footer}>{reason}</Text>
          {footer ? <Text style={styles.footer}>{footer}</Text> : null}
          <Text style={styles.footer}>
            Det här meddelandet skickades automatiskt från Singelgolf och går inte att svara på.{' '}
            <Link href={`${publicUrl}/`} style={styles.link}>
              {`${publicUrl}/`}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of body text. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** 'Hej Anna!' (or just 'Hej!' without a first name). */
export function Greeting({ firstName }: { firstName: string }) {
  const name = firstName.trim();
  return <P>{name ? `Hej ${name}!` : 'Hej!'}</P>;
}

/**
 * The e-mail's main action: a button, and the address written out for mail programs that hide
 * buttons (left out of the text part, where the button already shows the address).
 */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '8px 0 18px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
      <Text style={styles.fallback} data-skip-in-text="true">
        Fungerar inte knappen? Kopiera den här adressen till webbläsaren:{' '}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/** An inline link in the site's green. */
export function A({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}
