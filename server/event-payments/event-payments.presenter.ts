import type { refundSchema } from '@common/schemas/registrations';
import type { z } from 'zod';
import type { RefundRow } from './event-payments.queries';

/** One refund as the admin's list shows it (who made it and the provider's id stay on the server). */
export function presentRefund(r: RefundRow): z.infer<typeof refundSchema> {
  return {
    id: r.id,
    registrationId: r.registrationId,
    amount: r.amount,
    createdAt: r.createdAt.toISOString(),
  };
}
