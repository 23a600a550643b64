/** Option lists of spec §3, defined once. */
export const MEETUP_INTERESTS = [
  'Fika',
  'Spelkvällar',
  'Böcker',
  'Film',
  'Friluftsliv',
  'Loppis',
  'Kultur',
  'Party',
  'Konserter',
  'Shopping',
  'Promenad',
  'Träning',
  'Restaurangbesök',
  'Afterwork',
  'Vinprovning/Ölprovning',
  'Resor',
  'Personlig utveckling',
  'Föreläsningar',
  'Quiz/Frågesport',
] as const;

export const LOOKING_FOR = [
  'Partner',
  'Nya bekantskaper',
  'Tävlingskompis',
  'Träningskompis',
  'Resekompis',
  'Någon att dela vardagen med',
  'En flirt med potential',
] as const;

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'Man', female: 'Kvinna', other: 'Annat' };

export const CIVIL_STATUSES = ['single', 'relationship', 'divorced', 'widow'] as const;
export type CivilStatus = (typeof CIVIL_STATUSES)[number];
/** The profile form offers only these (spec §3). */
export const CIVIL_STATUSES_IN_FORM = ['single', 'divorced', 'widow'] as const;
export const CIVIL_STATUS_LABELS: Record<CivilStatus, string> = {
  single: 'Singel',
  relationship: 'I relation',
  divorced: 'Skild',
  widow: 'Änka/Änkling',
};

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIP_TYPES = ['free', 'pro'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'cancel_at_period_end',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** An event's status in Swedish (the event form's select, the statistics). */
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: 'Kommande',
  ongoing: 'Pågående',
  completed: 'Avslutad',
  cancelled: 'Inställd',
};

export const EVENT_FILTERS = ['all', 'upcoming', 'ongoing', 'past'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];

export const REGISTRATION_STATUSES = ['registered', 'waitlisted', 'offered', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** A registration that still holds a place or a spot in the queue (cancelled rows are history). */
export const LIVE_REGISTRATION_STATUSES = ['registered', 'waitlisted', 'offered'] as const;
export type LiveRegistrationStatus = (typeof LIVE_REGISTRATION_STATUSES)[number];
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  registered: 'Anmäld',
  waitlisted: 'Reservlista',
  offered: 'Erbjuden plats',
  cancelled: 'Avbokad',
};

/** What an admin records at the first tee. */
export const ATTENDANCE_VALUES = ['present', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];
export const ATTENDANCE_LABELS: Record<Attendance, string> = { present: 'Närvarande', no_show: 'Uteblev' };

/** auto: the first in line moves up at once; offer: the place is offered for a limited time. */
export const WAITLIST_MODES = ['auto', 'offer'] as const;
export type WaitlistMode = (typeof WAITLIST_MODES)[number];
export const WAITLIST_MODE_LABELS: Record<WaitlistMode, string> = {
  auto: 'Den första i kön flyttas upp direkt',
  offer: 'Den första i kön får ett erbjudande med svarstid',
};

export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The payment badge's words (spec §2 'Participants table'). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Väntande',
  paid: 'Betald',
  refunded: 'Återbetalad',
};

export const IMAGE_ENTITY_TYPES = ['event', 'profile'] as const;
export type ImageEntityType = (typeof IMAGE_ENTITY_TYPES)[number];

export const HANDICAP_BANDS = ['all', '0-5', '6-10', '11-15', '16-20', '21+'] as const;
export type HandicapBand = (typeof HANDICAP_BANDS)[number];

export const AGE_BUCKETS = ['21-30', '31-40', '41-50', '51-60', '61+'] as const;

/** The members directory's age filter (issue 18): whole years from the birth date, today in Sweden. */
export const AGE_BANDS = ['all', '18-29', '30-39', '40-49', '50-59', '60-69', '70+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** Inclusive ages of each band (max null: no upper limit). */
export const AGE_BAND_BOUNDS: Record<Exclude<AgeBand, 'all'>, { min: number; max: number | null }> = {
  '18-29': { min: 18, max: 29 },
  '30-39': { min: 30, max: 39 },
  '40-49': { min: 40, max: 49 },
  '50-59': { min: 50, max: 59 },
  '60-69': { min: 60, max: 69 },
  '70+': { min: 70, max: null },
};

/** Who may start a conversation with a member (the profile's 'Integritet'). */
export const WHO_CAN_MESSAGE = ['members', 'contacts', 'nobody'] as const;
export type WhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];
export const WHO_CAN_MESSAGE_LABELS: Record<WhoCanMessage, string> = {
  members: 'Alla medlemmar',
  contacts: 'Bara kontakter (som jag har skrivit till eller som är anmälda till samma evenemang)',
  nobody: 'Ingen',
};

/** What can be reported to the moderators, why, and what they may decide (issue 15). */
export const REPORT_TARGETS = ['user', 'message', 'group_message', 'image', 'photo'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['harassment', 'spam', 'fake', 'inappropriate', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Trakasserier',
  spam: 'Spam eller bedrägeri',
  fake: 'Falsk profil',
  inappropriate: 'Olämpligt innehåll',
  underage: 'Minderårig',
  other: 'Annat',
};
export const REPORT_ACTIONS = ['dismiss', 'warn', 'remove_content', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Avvisa anmälan',
  warn: 'Varna medlemmen',
  remove_content: 'Ta bort innehållet',
  suspend: 'Stäng av medlemmen',
};

/** Who an organiser's announcement goes to (issue 16). */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'registered', 'waitlisted', 'unpaid', 'checked_in'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  all: 'Alla anmälda och på reservlistan',
  registered: 'Anmälda',
  waitlisted: 'Reservlistan (även de som erbjudits plats)',
  unpaid: 'Anmälda som inte har betalat',
  checked_in: 'Incheckade',
};

/** A member's room wish on a trip with overnight stays (issue 27); the rooms list shows it. */
export const ROOM_WISHES = ['single', 'shared', 'shared_with'] as const;
export type RoomWish = (typeof ROOM_WISHES)[number];
export const ROOM_WISH_LABELS: Record<RoomWish, string> = {
  single: 'Enkelrum',
  shared: 'Dela rum',
  shared_with: 'Dela med namngiven medlem',
};

/** A tee's colour, as Swedish clubs mark their tees (issue 29). */
export const TEE_COLORS = ['white', 'yellow', 'blue', 'red', 'orange', 'black', 'green', 'gold'] as const;
export type TeeColor = (typeof TEE_COLORS)[number];
export const TEE_COLOR_LABELS: Record<TeeColor, string> = {
  white: 'Vit',
  yellow: 'Gul',
  blue: 'Blå',
  red: 'Röd',
  orange: 'Orange',
  black: 'Svart',
  green: 'Grön',
  gold: 'Guld',
};

/** The genders a tee is rated for (WHS rates each tee for men and for women). */
export const RATING_GENDERS = ['male', 'female'] as const;
export type RatingGender = (typeof RATING_GENDERS)[number];
export const RATING_GENDER_LABELS: Record<RatingGender, string> = { male: 'Herr', female: 'Dam' };

/** 'Vill ses igen' (issue 30): a member's private answer about another, and the kinds of match. */
export const MEET_AGAIN_CHOICES = ['date', 'buddy', 'no'] as const;
export type MeetAgainChoice = (typeof MEET_AGAIN_CHOICES)[number];
export const MEET_AGAIN_CHOICE_LABELS: Record<MeetAgainChoice, string> = {
  date: 'Dejt',
  buddy: 'Golfkompis',
  no: 'Nej tack',
};
export const MEET_AGAIN_MATCH_KINDS = ['date', 'buddy'] as const;
export type MeetAgainMatchKind = (typeof MEET_AGAIN_MATCH_KINDS)[number];
export const MEET_AGAIN_MATCH_LABELS: Record<MeetAgainMatchKind, string> = {
  date: 'Dejt',
  buddy: 'Golfkompis',
};
/** 'Samåkning' (issue 30): an offer of seats or a request for one, and a passenger's state in an offer. */
export const RIDE_KINDS = ['offer', 'request'] as const;
export type RideKind = (typeof RIDE_KINDS)[number];
export const RIDE_KIND_LABELS: Record<RideKind, string> = {
  offer: 'Erbjuder skjuts',
  request: 'Söker skjuts',
};
export const RIDE_PASSENGER_STATUSES = ['requested', 'accepted'] as const;
export type RidePassengerStatus = (typeof RIDE_PASSENGER_STATUSES)[number];
/** The lists an organiser can export from an event (CSV or Excel). */
export const EXPORT_LISTS = ['participants', 'dietary', 'rooms', 'payments'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const EXPORT_LIST_LABELS: Record<ExportList, string> = {
  participants: 'Deltagarlista',
  dietary: 'Kostpreferenser',
  rooms: 'Rumslista',
  payments: 'Betalningar',
};
/** The Swedish word in the file name: `<event-title-slug>-<word>.csv`. */
export const EXPORT_LIST_FILE_WORDS: Record<ExportList, string> = {
  participants: 'deltagare',
  dietary: 'kostpreferenser',
  rooms: 'rumslista',
  payments: 'betalningar',
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
