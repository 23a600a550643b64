import { A, Action, Greeting, Layout, P } from './layout';
import type { EmailTemplate } from './types';

/** A notification (issue 13) as an e-mail: its title and text, a button into the site, and how to stop them. */
export interface NotificationEmailProps {
  firstName: string;
  title: string;
  body: string;
  /** The absolute address the notice leads to. */
  url: string;
  /** How the type is named in the profile's 'Notiser' table. */
  typeLabel: string;
  /** One click turns this type's e-mail off (also in the List-Unsubscribe header). */
  unsubscribeUrl: string;
  /** The profile page where all choices are made. */
  settingsUrl: string;
}

export const notificationEmail: EmailTemplate<NotificationEmailProps> = {
  subject: ({ title }) => title,
  Body: ({ firstName, title, body, url, typeLabel, unsubscribeUrl, settingsUrl, publicUrl }) => (
    <Layout
      preview={body.slice(0, 140)}
      heading={title}
      publicUrl={publicUrl}
      reason={`Du får det här e-postmeddelandet eftersom du har valt e-post för notiser av typen ”${typeLabel}” på Singelgolf.`}
      footer={
        <>
          Vill du inte längre få dessa e-postmeddelanden?{' '}
          <A href={unsubscribeUrl}>Avsluta e-post om {typeLabel.toLowerCase()}</A> eller ändra dina val under{' '}
          <A href={settingsUrl}>Notiser i din profil</A>.
        </>
      }
    >
      <Greeting firstName={firstName} />
      <P>{body}</P>
      <Action href={url}>Visa på Singelgolf</Action>
    </Layout>
  ),
};
