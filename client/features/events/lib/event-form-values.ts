import { dayjs, inSweden, SITE_TIME_ZONE } from '@client/lib/dayjs';
import { MAX_PARTICIPANTS_DEFAULT } from '@common/limits';
import type { EventStatus, WaitlistMode } from '@common/options';
import { totalPrice } from '@common/rules/event-price';
import { type Event, eventInputSchema } from '@common/schemas/events';
import {
  eventGolfOf,
  type GolfFormValues,
  initialGolfValues,
  toGolfPayload,
  validateGolf,
} from './golf-form-values';

/** The picker's value format (Swedish wall time). */
const PICKER = 'YYYY-MM-DD HH:mm:ss';

export interface EventFormValues {
  title: string;
  location: string;
  maxParticipants: number | string;
  startTime: string | null;
  endTime: string | null;
  registrationDeadline: string | null;
  registrationFee: number | string;
  greenFeeIncluded: boolean;
  coffeeIncluded: boolean;
  lunchIncluded: boolean;
  greenFee: number | string;
  imageId: string | null;
  status: EventStatus;
  description: string;
  notes: string;
  registrationOpensAt: string | null;
  waitlistMode: WaitlistMode;
  waitlistOfferHours: number | string;
  cancellationDeadline: string | null;
  lateCancellationFee: number | string;
  payOnline: boolean;
  /** Trips (issue 30): the single-room supplement in kr; '' for none. */
  singleRoomSupplement: number | string;
  /** Course, tees, format and allowance of a golf day with scores (issue 29). */
  golf: GolfFormValues;
}

/** ISO instant → picker value in Swedish time. */
export const toPicker = (iso: string | null | undefined) => (iso ? inSweden(iso).format(PICKER) : null);
/** Picker value (Swedish wall time) → ISO instant. */
export const fromPicker = (v: string | null) => (v ? dayjs.tz(v, SITE_TIME_ZONE).toISOString() : null);
/** One hour after a picker value (spec §4: end defaults to start + 1 h). */
export const plusOneHour = (v: string) => dayjs(v).add(1, 'hour').format(PICKER);

const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));

/** Form values for a new event, or for editing one. */
export function initialValues(e?: Event & { singleRoomSupplement?: number | null }): EventFormValues {
  return {
    title: e?.title ?? '',
    location: e?.location ?? '',
    maxParticipants: e?.maxParticipants ?? MAX_PARTICIPANTS_DEFAULT,
    startTime: toPicker(e?.startTime),
    endTime: toPicker(e?.endTime),
    registrationDeadline: toPicker(e?.registrationDeadline),
    registrationFee: e?.registrationFee ?? 0,
    greenFeeIncluded: e?.greenFeeIncluded ?? false,
    coffeeIncluded: e?.coffeeIncluded ?? false,
    lunchIncluded: e?.lunchIncluded ?? false,
    greenFee: e?.greenFee ?? '',
    imageId: e?.imageId ?? null,
    status: e?.status ?? 'upcoming',
    description: e?.description ?? '',
    notes: e?.notes ?? '',
    registrationOpensAt: toPicker(e?.registrationOpensAt),
    waitlistMode: e?.waitlistMode ?? 'auto',
    waitlistOfferHours: e?.waitlistOfferHours ?? 24,
    cancellationDeadline: toPicker(e?.cancellationDeadline),
    lateCancellationFee: e?.lateCancellationFee ?? 0,
    payOnline: e?.payOnline ?? false,
    singleRoomSupplement: e?.singleRoomSupplement ?? '',
    golf: initialGolfValues(eventGolfOf(e)),
  };
}

/** The total price shown read-only in the form (spec §5). */
export function formTotal(v: EventFormValues): number {
  const reg = num(v.registrationFee);
  const green = v.greenFee === '' ? 0 : num(v.greenFee);
  return totalPrice({
    registrationFee: Number.isFinite(reg) ? reg : 0,
    greenFee: Number.isFinite(green) ? green : 0,
    greenFeeIncluded: v.greenFeeIncluded,
  });
}

/** The payload of POST/PUT /api/events (spec §7). */
export function toPayload(v: EventFormValues, createdBy: string | null) {
  return {
    title: v.title.trim(),
    description: v.description.trim() || null,
    location: v.location.trim(),
    maxParticipants: num(v.maxParticipants),
    startTime: fromPicker(v.startTime),
    endTime: fromPicker(v.endTime),
    registrationDeadline: fromPicker(v.registrationDeadline),
    status: v.status,
    createdBy,
    price: formTotal(v),
    notes: v.notes.trim() || null,
    registrationFee: num(v.registrationFee),
    greenFee: v.greenFeeIncluded || v.greenFee === '' ? null : num(v.greenFee),
    greenFeeIncluded: v.greenFeeIncluded,
    coffeeIncluded: v.coffeeIncluded,
    lunchIncluded: v.lunchIncluded,
    imageId: v.imageId,
    registrationOpensAt: fromPicker(v.registrationOpensAt),
    waitlistMode: v.waitlistMode,
    waitlistOfferHours: num(v.waitlistOfferHours),
    cancellationDeadline: fromPicker(v.cancellationDeadline),
    lateCancellationFee: num(v.lateCancellationFee),
    payOnline: v.payOnline,
    singleRoomSupplement: v.singleRoomSupplement === '' ? null : num(v.singleRoomSupplement),
    ...toGolfPayload(v.golf),
  };
}

/** Validates with the same schema as the server; errors keyed by field, the spec's messages. */
export function validateEventForm(v: EventFormValues): Record<string, string> {
  const errors: Record<string, string> = validateGolf(v.golf);
  if (!v.startTime) errors.startTime = 'Ange starttid';
  if (!v.endTime) errors.endTime = 'Ange sluttid';
  const parsed = eventInputSchema.safeParse(toPayload(v, null));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'title');
      if (key === 'price') continue; // computed, never typed
      errors[key] ??= issue.message;
    }
  }
  return errors;
}
