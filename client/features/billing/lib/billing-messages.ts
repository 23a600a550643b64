import { ApiError } from '@client/lib/api';
import { msg } from '@common/messages';

/**
 * The cancel toast's description (spec §8), from the status of POST /api/cancel-subscription's answer,
 * never from its wording: 403 is the admin's refusal (admins cannot cancel), 404 no subscription to
 * cancel; anything else (a network error, 5xx) is the generic text.
 */
export function cancelErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return msg.cancelFailedGeneric;
  if (error.status === 403) return msg.adminCannotCancel;
  if (error.status === 404) return msg.noActiveSubscription;
  return msg.cancelFailedGeneric;
}
