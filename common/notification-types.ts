/**
 * The kinds of notification the site sends (issue 13), defined once: the database enum, the API's
 * preference keys, the profile's 'Notiser' table and the defaults all come from here.
 */
export const NOTIFICATION_TYPES = [
  'registration_confirmed',
  'waitlisted',
  'promoted',
  'waitlist_offer',
  'offer_expired',
  'event_reminder',
  'event_changed',
  'event_cancelled',
  'event_published',
  'direct_message',
  'group_message',
  'ball_groups_published',
  'event_announcement',
  'payment_received',
  'subscription_changed',
  'meet_again_match',
  // Samåkning (issue 30)
  'ride_join_request',
  'ride_accepted',
  'ride_changed',
  // Rumskompis (issue 30): the organiser changed a published room
  'room_changed',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The channels a member chooses per type; in-app (the bell) is always on. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoice = { email: boolean; push: boolean };
export type NotificationPreferences = Record<NotificationType, ChannelChoice>;

/** How each type is named in the profile's 'Notiser' table. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  registration_confirmed: 'Anmälan bekräftad',
  waitlisted: 'Plats på reservlistan',
  promoted: 'Flyttad från reservlistan',
  waitlist_offer: 'Erbjuden plats från reservlistan',
  offer_expired: 'Erbjudande som gått ut',
  event_reminder: 'Påminnelse före evenemang',
  event_changed: 'Ändrat evenemang',
  event_cancelled: 'Inställt evenemang',
  event_published: 'Nytt evenemang publicerat',
  direct_message: 'Nytt meddelande',
  group_message: 'Meddelanden i gruppchatten',
  ball_groups_published: 'Bollgrupper publicerade',
  event_announcement: 'Meddelanden från arrangören',
  payment_received: 'Betalning mottagen',
  subscription_changed: 'Ändrat medlemskap',
  meet_again_match: 'Matchning i Vill ses igen',
  ride_join_request: 'Förfrågan om plats i din bil',
  ride_accepted: 'Godkänd som passagerare',
  ride_changed: 'Ändrad eller borttagen samåkning',
  room_changed: 'Ändrad rumskompis på resa',
};

/**
 * Defaults for a member who chose nothing: what concerns their own places, trips and messages comes by
 * e-mail and push; receipts by e-mail only; new events and group chat digests only for those who opt in.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  registration_confirmed: { email: true, push: true },
  waitlisted: { email: true, push: true },
  promoted: { email: true, push: true },
  waitlist_offer: { email: true, push: true },
  offer_expired: { email: true, push: false },
  event_reminder: { email: true, push: true },
  event_changed: { email: true, push: true },
  event_cancelled: { email: true, push: true },
  event_published: { email: false, push: false },
  direct_message: { email: true, push: true },
  group_message: { email: false, push: false },
  ball_groups_published: { email: true, push: true },
  event_announcement: { email: true, push: true },
  payment_received: { email: true, push: false },
  subscription_changed: { email: true, push: false },
  meet_again_match: { email: true, push: true },
  ride_join_request: { email: true, push: true },
  ride_accepted: { email: true, push: true },
  ride_changed: { email: true, push: true },
  room_changed: { email: true, push: true },
};

/** Types that reach only members who switched on a channel for them (no in-app row otherwise). */
export const OPT_IN_NOTIFICATION_TYPES: readonly NotificationType[] = ['event_published', 'group_message'];

/** A member's stored choices (only what differs from the defaults) merged over the defaults. */
export function effectivePreferences(
  stored: Partial<Record<string, Partial<ChannelChoice>>> | null | undefined,
): NotificationPreferences {
  const out = {} as NotificationPreferences;
  for (const type of NOTIFICATION_TYPES) {
    const s = stored?.[type];
    const d = DEFAULT_NOTIFICATION_PREFERENCES[type];
    out[type] = {
      email: typeof s?.email === 'boolean' ? s.email : d.email,
      push: typeof s?.push === 'boolean' ? s.push : d.push,
    };
  }
  return out;
}
