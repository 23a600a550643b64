import { formatDate } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ATTENDANCE_LABELS,
  EXPORT_LIST_LABELS,
  PAYMENT_STATUS_LABELS,
  REPORT_ACTION_LABELS,
} from '@common/options';
import type { AuditEntry } from '@common/schemas/audit';

/** Swedish names of the audit log's actions (an unknown action shows as stored). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'event.create': 'Skapade evenemang',
  'event.update': 'Ändrade evenemang',
  'event.delete': 'Tog bort evenemang',
  'event.duplicate': 'Kopierade evenemang',
  'event.announcement': 'Skickade meddelande',
  'event.export': 'Exporterade lista',
  'registration.payment_status': 'Ändrade betalstatus',
  'registration.attendance': 'Registrerade närvaro',
  'registration.refund': 'Återbetalade',
  'membership.set': 'Ändrade medlemskap',
  'report.decision': 'Beslut om anmälan',
  'user.reinstate': 'Hävde avstängning',
  'pro.withdrawal': 'Ångrade köpet av Pro',
  'ball_groups.generate': 'Genererade bollgrupper',
  'ball_groups.update': 'Ändrade bollgrupp',
  'ball_groups.tee_times': 'Fördelade starttider',
  'ball_groups.publish': 'Publicerade bollgrupper',
  'ball_groups.delete': 'Tog bort bollgrupp',
  'ball_groups.move': 'Flyttade deltagare',
  'ball_groups.together_add': 'Önskade spela tillsammans',
  'ball_groups.together_remove': 'Tog bort önskemål om att spela tillsammans',
  'course.create': 'Lade till bana',
  'course.update': 'Ändrade bana',
};

/** The filter choices of the 'Logg' page: every action, or one area by its prefix. */
export const AUDIT_AREAS = [
  { value: '', label: 'Allt' },
  { value: 'event.', label: 'Evenemang' },
  { value: 'registration.', label: 'Anmälningar och betalningar' },
  { value: 'membership.', label: 'Medlemskap' },
  { value: 'report.', label: 'Moderering' },
  { value: 'ball_groups.', label: 'Bollgrupper' },
  { value: 'course.', label: 'Banor' },
] as const;

/** The label of an action. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** Swedish names of the fields an entry lists as changed (an event's or a ball group's). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  title: 'Namn',
  description: 'Beskrivning',
  location: 'Plats',
  startTime: 'Start',
  endTime: 'Slut',
  registrationDeadline: 'Sista anmälningsdag',
  maxParticipants: 'Max antal deltagare',
  status: 'Status',
  price: 'Totalpris',
  notes: 'Interna anteckningar',
  image: 'Bild',
  imageUrl: 'Bild',
  imageId: 'Bild',
  registrationFee: 'Anmälningsavgift',
  greenFee: 'Greenfee',
  greenFeeIncluded: 'Greenfee ingår',
  coffeeIncluded: 'Kaffe ingår',
  lunchIncluded: 'Lunch ingår',
  ballGroupsPublishedAt: 'Bollgrupper publicerade',
  registrationOpensAt: 'Anmälan öppnar',
  waitlistMode: 'Reservlistans läge',
  waitlistOfferHours: 'Svarstid för erbjuden plats',
  cancellationDeadline: 'Sista dag för avbokning',
  lateCancellationFee: 'Avgift vid sen avbokning',
  payOnline: 'Betala online',
  name: 'Namn',
  teeTime: 'Starttid',
  startingHole: 'Starthål',
};

/** Swedish names of the details' keys; ids (eventId, userId, …) are left out, the page names the target. */
const DETAIL_KEY_LABELS: Record<string, string> = {
  audience: 'Mottagare',
  recipients: 'Antal mottagare',
  postedToChat: 'I gruppchatten',
  list: 'Lista',
  format: 'Format',
  rows: 'Rader',
  amount: 'Belopp',
  refundAmount: 'Återbetalt',
  amountPaid: 'Betalt',
  purchasedAt: 'Köpt',
  weeks: 'Veckor framåt',
  mode: 'Läge',
  groups: 'Grupper',
  notified: 'Aviserade',
  repeatedPairs: 'Par som spelar ihop igen',
  togetherPairsApart: 'Önskade par isär',
  created: 'Ny',
  action: 'Beslut',
  reportTargetType: 'Gäller',
  title: 'Namn',
  startTime: 'Start',
};

const VALUE_LABELS: Record<string, Record<string, string>> = {
  audience: ANNOUNCEMENT_AUDIENCE_LABELS,
  list: { ...EXPORT_LIST_LABELS, 'start-list': 'Startlista' },
  action: REPORT_ACTION_LABELS,
  reportTargetType: {
    user: 'Profil',
    message: 'Meddelande',
    group_message: 'Inlägg i gruppchatt',
    image: 'Bild',
  },
  mode: { interval: 'Intervall', shotgun: 'Kanonstart' },
};

/** Values of 'from → to' entries: payment status, attendance, membership. */
const STATE_LABELS: Record<string, string> = {
  ...PAYMENT_STATUS_LABELS,
  ...ATTENDANCE_LABELS,
  free: 'Gratis',
  pro: 'Pro',
};

const MONEY_KEYS = new Set(['amount', 'refundAmount', 'amountPaid']);
const DATE_KEYS = new Set(['purchasedAt', 'startTime']);

function detailValue(key: string, v: unknown): string {
  if (typeof v === 'boolean') return v ? 'ja' : 'nej';
  if (MONEY_KEYS.has(key) && typeof v === 'number') return formatKr(v);
  if (DATE_KEYS.has(key) && typeof v === 'string') return formatDate(v) || v;
  if (key === 'format' && typeof v === 'string') return v.toUpperCase();
  return VALUE_LABELS[key]?.[String(v)] ?? String(v);
}

const isId = (key: string) => key === 'id' || /Ids?$/.test(key);

/**
 * A short, readable line of an entry's details in Swedish: 'Ändrade: Namn, Betala online',
 * 'Väntande → Betald', 'Mottagare: Anmälda, Antal mottagare: 10, I gruppchatten: nej'.
 */
export function auditDetailsText(details: Record<string, unknown>): string {
  if (Array.isArray(details.changed)) {
    const fields = [...new Set((details.changed as string[]).map((f) => AUDIT_FIELD_LABELS[f] ?? f))];
    return fields.length ? `Ändrade: ${fields.join(', ')}` : 'Inga fält ändrades';
  }
  if ('from' in details && 'to' in details) {
    const state = (v: unknown) => (v == null ? '–' : (STATE_LABELS[String(v)] ?? String(v)));
    return `${state(details.from)} → ${state(details.to)}`;
  }
  return Object.entries(details)
    .filter(([k, v]) => v !== null && typeof v !== 'object' && !isId(k))
    .map(([k, v]) => `${DETAIL_KEY_LABELS[k] ?? k}: ${detailValue(k, v)}`)
    .join(', ');
}

const TARGET_LABELS: Record<string, string> = {
  event: 'Evenemang',
  registration: 'Anmälan',
  user: 'Medlem',
  report: 'Anmälan (moderering)',
  ball_group: 'Bollgrupp',
  course: 'Bana',
};

/**
 * What an entry concerns, by name: the event's title ('Afterwork på Bro Hof'), a registration or ball group
 * with its event's title, a member's name; a deleted event by the title kept in the entry, else the type
 * and id ('Evenemang 5').
 */
export function auditTargetText(e: AuditEntry): string {
  const type = TARGET_LABELS[e.targetType] ?? e.targetType;
  const deletedTitle = typeof e.details.title === 'string' ? e.details.title : null;
  if (e.targetType === 'event') return e.eventTitle ?? deletedTitle ?? `${type} ${e.targetId}`;
  if (e.targetType === 'user' && e.targetName) return e.targetName;
  if (e.targetType === 'course' && typeof e.details.name === 'string') return `${type}: ${e.details.name}`;
  if (e.eventTitle) return `${type}, ${e.eventTitle}`;
  return `${type} ${e.targetId}`;
}
