import { apiErrorMessage } from '@client/lib/api';
import { msg } from '@common/messages';

/**
 * The cancel toast's description (spec §8): the server's message about admins or about no active
 * subscription maps to the spec's text; anything else is the generic one.
 */
export function cancelErrorMessage(error: unknown): string {
  const text = apiErrorMessage(error, '').toLowerCase();
  if (text.includes('admin')) return msg.adminCannotCancel;
  if (text.includes('ingen aktiv') || text.includes('no active')) return msg.noActiveSubscription;
  return msg.cancelFailedGeneric;
}
