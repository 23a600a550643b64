import { render, toPlainText } from '@react-email/components';
import {
  type AccountDeletedProps,
  accountDeleted,
  type EmailChangeConfirmProps,
  type EmailChangedProps,
  type EmailChangeNoticeProps,
  type EmailInUseProps,
  emailChangeConfirm,
  emailChanged,
  emailChangeNotice,
  emailInUse,
  type LoginLockedProps,
  loginLocked,
  type PasskeyAddedProps,
  type PasswordChangedProps,
  type PasswordResetProps,
  type ProWithdrawalProps,
  passkeyAdded,
  passwordChanged,
  passwordReset,
  proWithdrawal,
  type SignupExistingProps,
  signupExisting,
  type VerifyEmailProps,
  verifyEmail,
} from './account';
import {
  type AccountReinstatedProps,
  accountReinstated,
  type ModerationDecisionProps,
  moderationDecision,
  type ReportOutcomeProps,
  type ReportReceivedProps,
  reportOutcome,
  reportReceived,
} from './moderation';
import { type NotificationEmailProps, notificationEmail } from './notifications';
import type { EmailTemplate } from './types';

/** Every template by name, with the props it takes. Add a template here and in `templates` below. */
export interface TemplateProps {
  'verify-email': VerifyEmailProps;
  'signup-existing': SignupExistingProps;
  'password-reset': PasswordResetProps;
  'password-changed': PasswordChangedProps;
  'login-locked': LoginLockedProps;
  'email-change-confirm': EmailChangeConfirmProps;
  'email-change-notice': EmailChangeNoticeProps;
  'email-changed': EmailChangedProps;
  'email-in-use': EmailInUseProps;
  'passkey-added': PasskeyAddedProps;
  'account-deleted': AccountDeletedProps;
  'pro-withdrawal': ProWithdrawalProps;
  'report-received': ReportReceivedProps;
  'report-outcome': ReportOutcomeProps;
  'moderation-decision': ModerationDecisionProps;
  'account-reinstated': AccountReinstatedProps;
  notification: NotificationEmailProps;
}

export type TemplateName = keyof TemplateProps;

const templates: { [K in TemplateName]: EmailTemplate<TemplateProps[K]> } = {
  'verify-email': verifyEmail,
  'signup-existing': signupExisting,
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  'login-locked': loginLocked,
  'email-change-confirm': emailChangeConfirm,
  'email-change-notice': emailChangeNotice,
  'email-changed': emailChanged,
  'email-in-use': emailInUse,
  'passkey-added': passkeyAdded,
  'account-deleted': accountDeleted,
  'pro-withdrawal': proWithdrawal,
  'report-received': reportReceived,
  'report-outcome': reportOutcome,
  'moderation-decision': moderationDecision,
  'account-reinstated': accountReinstated,
  notification: notificationEmail,
};

/** The names of every template (tests render each one). */
export const templateNames = Object.keys(templates) as TemplateName[];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Every prop named `url` or `…Url` must be an absolute link under PUBLIC_URL: an e-mail never
 * carries a relative link (it would not work in a mail program) nor one to another site.
 */
function checkLinks(name: string, props: object, publicUrl: string): void {
  const base = `${publicUrl.replace(/\/$/, '')}/`;
  for (const [key, value] of Object.entries(props)) {
    if (!/(^url|Url)$/.test(key)) continue;
    if (typeof value !== 'string' || !value.startsWith(base) || /[\s<>"]/.test(value)) {
      throw new Error(`e-mail template ${name}: ${key} must be an absolute URL under ${base}`);
    }
  }
}

/** Renders a template to its subject, HTML body and plain-text body (both from the same React tree). */
export async function renderEmail<K extends TemplateName>(
  name: K,
  props: TemplateProps[K],
  publicUrl: string,
): Promise<RenderedEmail> {
  const template = templates[name] as EmailTemplate<TemplateProps[K]> | undefined;
  if (!template) throw new Error(`unknown e-mail template: ${String(name)}`);
  checkLinks(name, props, publicUrl);
  // A template's Body is a plain function of its props (no hooks), so it is called directly.
  const element = template.Body({ ...props, publicUrl: publicUrl.replace(/\/$/, '') });
  const html = await render(element);
  // The text part from the same HTML (one React render, not two): links written out after their label.
  const text = toPlainText(html, {
    // Headings as written (html-to-text shouts them in capitals by default).
    selectors: [{ selector: 'h1', options: { uppercase: false } }],
  });
  return { subject: template.subject(props), html, text: text.trim() };
}
