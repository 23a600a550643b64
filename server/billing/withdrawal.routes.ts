import { msg } from '@common/messages';
import { formatKr } from '@common/rules/money';
import { errorSchema } from '@common/schemas/errors';
import {
  startImmediatelySchema,
  withdrawalDoneSchema,
  withdrawalInputSchema,
  withdrawalStatusSchema,
  withdrawalStepOneSchema,
} from '@common/schemas/withdrawal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import type { BillingProvider } from './billing.provider';
import { setStartImmediately, withdrawalStatus, withdrawFromPro } from './withdrawal.service';

/** Withdrawal from Pro in two steps ('Ångra köpet', issue 15). */
export async function withdrawalRoutes(app: FastifyInstance, opts: { provider: BillingProvider }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  r.get(
    '/api/billing/withdrawal',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Whether the caller may withdraw from Pro (14 days from the purchase), until when, and the refund',
        response: { 200: withdrawalStatusSchema, 401: errorSchema, 502: errorSchema },
      },
    },
    async (request) => {
      const { paymentIntentId: _, ...status } = await withdrawalStatus(
        app.db,
        opts.provider,
        await requireUser(request),
      );
      return status;
    },
  );

  r.post(
    '/api/billing/withdrawal',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Withdraw from Pro: without { confirm: true } 400 with what happens (step one); with it the subscription ends at once, the refund is made and a receipt e-mailed',
        body: withdrawalInputSchema,
        response: {
          200: withdrawalDoneSchema,
          // Step one's facts, or a body that is no object (the schema's 400).
          400: z.union([withdrawalStepOneSchema, errorSchema]),
          401: errorSchema,
          409: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (request.body.confirm !== true) {
        const { paymentIntentId: _, ...status } = await withdrawalStatus(app.db, opts.provider, user);
        return reply.status(400).send({ ...status, message: msg.withdrawalConfirmRequired });
      }
      const done = await withdrawFromPro(app.db, { provider: opts.provider, mail: app.mail }, user.id);
      return {
        ...done,
        message: `Köpet är ångrat. ${formatKr(done.refundAmount)} betalas tillbaka; kvittot har skickats till din e-post.`,
      };
    },
  );

  r.put(
    '/api/billing/start-immediately',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Before buying Pro: whether the member asks Pro to start during the 14-day withdrawal period (a withdrawal then keeps a share for the days used); each new checkout starts at false; 409 for a Pro member',
        body: startImmediatelySchema,
        response: { 200: startImmediatelySchema, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return setStartImmediately(app.db, user, request.body.startImmediately);
    },
  );
}
