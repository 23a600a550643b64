/** Business constants of spec §9, defined once for both sides. */
export const PRO_PRICE_SEK = 99;
export const LANDING_EVENT_COUNT = 3;
export const DASHBOARD_EVENT_COUNT = 4;
export const FEEDBACK_LIST_MAX = 5;
export const FEEDBACK_COMMENT_MAX = 300;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const FEW_SPOTS_RATIO = 0.8;
export const WEEK_BADGE_THIS_WEEK_DAYS = 3;
export const WEEK_BADGE_NEXT_WEEK_DAYS = 7;
export const MAX_PARTICIPANTS_DEFAULT = 16;
export const MAX_PARTICIPANTS_MIN = 4;
export const MAX_PARTICIPANTS_STEP = 4;
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
/** The image types an upload may be (decided on the server from the bytes; HEIC is decoded and stored as JPEG). */
export const IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
/**
 * A file input's `accept` for images: the types, and HEIC's endings for systems that give a .heic file no
 * type (Windows). Listing HEIC also makes an iPhone send its HEIC as it is, not a larger JPEG copy.
 */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.heic', '.heif'].join(',');
/** Widths (px) of the resized copies of a stored image (GET /api/images/{id}/w/{width}.{format}). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** Formats of the resized copies, best first (the order of a picture's sources). */
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];
// Trip photos (issue 30): the alt text's length and how many photos one member may add to one event.
export const EVENT_PHOTO_ALT_MAX = 300;
export const EVENT_PHOTOS_PER_MEMBER = 30;
export const MEETUP_INTERESTS_MIN = 3;
export const LOOKING_FOR_MIN = 1;
export const HANDICAP_MIN = -10;
export const HANDICAP_MAX = 54;
export const AGE_MIN = 18;
export const AGE_MAX = 120;
export const COMPLETENESS_LOW = 30;
export const COMPLETENESS_MID = 70;
export const DIRECTORY_SKELETON_CARDS = 6;
export const PARTICIPANT_AVATARS_MAX = 5;
export const MESSAGE_MAX_LENGTH = 5000;
export const TEXT_SHORT_MAX = 200;
export const TEXT_LONG_MAX = 5000;

/** Timers of spec §9, in milliseconds. */
export const CHAT_REFRESH_MS = 5000;
export const HEADER_SHADOW_SCROLL_PX = 10;
export const PAYMENT_PATH_REDIRECT_MS = 100;
export const ADMIN_USERS_CACHE_MS = 60_000;
export const QUERY_GC_MS = 5 * 60_000;
export const TOAST_DURATION_MS = 5000;

/** Realtime reconnect policy (spec §9). */
export const RECONNECT_MAX_ATTEMPTS = 3;
export const RECONNECT_BASE_MS = 2000;
export const RECONNECT_FACTOR = 1.5;
export const RECONNECT_CAP_MS = 15_000;

/** Passwords of the built-in issuer: length bounds (the full rule is common/rules/password.ts). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** Sane bounds of dates the API accepts (issue 12): event times, and the span of a calendar query. */
export const EVENT_DATE_MIN = '2000-01-01T00:00:00Z';
export const EVENT_DATE_MAX = '2100-12-31T23:59:59.999Z';
export const CALENDAR_SPAN_MAX_YEARS = 5;

/** The name of the member one wants to share a room with (issue 27). */
export const ROOM_MATE_NAME_MAX = 100;

/** Longest e-mail address (RFC 5321's path limit): schemas, forms, the issuer's pages and the columns. */
export const EMAIL_MAX_LENGTH = 320;

/** Lengths of free texts a member or an admin types, for the schemas and the inputs' maxLength alike. */
export const DIETARY_PREFERENCES_MAX = 1000;
export const ANNOUNCEMENT_SUBJECT_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 5000;
export const GROUP_NAME_MAX = 100;
export const PASSKEY_NAME_MAX = 60;

/** Numbers an admin chooses: an offer's answer time, the weeks a copy moves, the tee-time interval. */
export const WAITLIST_OFFER_HOURS_MAX = 168;
export const DUPLICATE_WEEKS_MAX = 520;
export const TEE_TIME_INTERVAL_MAX_MINUTES = 60;

/** A payment card's digits (ISO/IEC 7812), and the typed field with a space between groups of four. */
export const CARD_DIGITS_MIN = 13;
export const CARD_DIGITS_MAX = 19;
export const CARD_NUMBER_INPUT_MAX = CARD_DIGITS_MAX + 4;

/**
 * Golf courses and tees (issue 29). Ratings as the Swedish federation publishes them: slope 55-155,
 * course rating 50-90 and par 27-80 for 18 holes. A 9-hole course is rated for 9 holes (WHS), so its
 * course rating lies in half the 18-hole range; hole pars 3-6 keep its par within 27-54.
 */
export const COURSE_HOLE_COUNTS = [9, 18] as const;
export type CourseHoleCount = (typeof COURSE_HOLE_COUNTS)[number];
export const SLOPE_MIN = 55;
export const SLOPE_MAX = 155;
export const COURSE_RATING_MIN = 50;
export const COURSE_RATING_MAX = 90;
export const COURSE_PAR_MIN = 27;
export const COURSE_PAR_MAX = 80;
export const HOLE_PAR_MIN = 3;
export const HOLE_PAR_MAX = 6;
/** The longest hole in the world is under 1 000 m; a longer one is a typing error. */
export const HOLE_LENGTH_MAX_METERS = 1000;
export const COURSE_TEES_MAX = 10;
export const COURSE_NAME_MAX = 100;
export const COURSE_CLUB_MAX = 100;
export const COURSE_LOCATION_MAX = 100;
export const TEE_NAME_MAX = 40;
/** A holes CSV (Hål;Par;Hcp-index;Längd): a header and at most 18 rows, a few hundred bytes. */
export const HOLES_CSV_MAX_CHARS = 4000;

// 'Vill ses igen' (issue 30): the answer window after an event, and the most answers one PUT takes.
export const MEET_AGAIN_WINDOW_DAYS = 7;
export const MEET_AGAIN_ANSWERS_MAX = 500;

/** 'Samåkning' (issue 30): seats in an offer, a ride's note, a message in a ride's conversation. */
export const RIDE_SEATS_MIN = 1;
export const RIDE_SEATS_MAX = 8;
export const RIDE_NOTE_MAX = 500;
export const RIDE_MESSAGE_MAX = 2000;
/** Room-sharing (issue 30): the single-room supplement in kr, and the most members in one room. */
export const SINGLE_ROOM_SUPPLEMENT_MAX = 100_000;
export const ROOM_SIZE_MAX = 4;

// Page sizes and lengths the client needs as well live here, not beside their schemas: a client module
// importing one from common/schemas/ would bring the whole schema module (and zod) into its chunk.

/** Default page sizes of the lists, and the most one request may ask for where the caller chooses. */
export const DIRECTORY_PAGE_SIZE = 24;
export const DIRECTORY_PAGE_MAX = 100;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 50;
export const ADMIN_EMAILS_PAGE_SIZE = 20;
export const ADMIN_EMAILS_PAGE_MAX = 100;
export const REPORTS_PAGE_SIZE = 50;
export const ADMIN_USERS_LIMIT = 200;

/** A report's details, and a moderator's decision statement. */
export const REPORT_DETAILS_MAX = 2000;
export const DECISION_STATEMENT_MIN = 10;
export const DECISION_STATEMENT_MAX = 5000;

/** Strokes on a hole (a picked-up hole, 'Struken', is null). */
export const HOLE_STROKES_MIN = 1;
export const HOLE_STROKES_MAX = 15;
