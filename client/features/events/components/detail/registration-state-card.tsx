import { apiErrorMessage } from '@client/lib/api';
import { formatLongDate, formatTime } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { toastError, toastSuccess } from '@client/lib/toast';
import { useNow } from '@client/lib/use-now';
import { type PaymentWording, paymentWording } from '@common/rules/payment-wording';
import type { EventDetail } from '@common/schemas/events';
import type { MyRegistration } from '@common/schemas/registrations';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { invalidateEvent } from '../../api/events-query';
import {
  useAnswerOffer,
  useConfirmCheckout,
  useMyRegistration,
  useStartCheckout,
} from '../../api/my-registration-api';
import { countdownText } from '../../lib/countdown';

/** The time now, ticking every 30 s (countdowns); the server's render time while hydrating its page. */
function useTickingNow(): Date {
  const clock = useNow();
  const [tickedAt, setTickedAt] = useState<Date | null>(null);
  const tick = useInterval(() => setTickedAt(new Date()), 30_000);
  useEffect(() => {
    tick.start();
    return tick.stop;
  }, [tick]);
  return tickedAt ?? new Date(clock);
}

const when = (iso: string) => `${formatLongDate(iso)} kl. ${formatTime(iso)}`;

/** 'Anmälan öppnar …' with a countdown; when the time comes the event is read again (the button opens). */
export function OpensCountdown({ event }: { event: EventDetail }) {
  const now = useTickingNow();
  const qc = useQueryClient();
  const opensAt = event.registrationOpensAt;
  const ahead = !!opensAt && Date.parse(opensAt) > now.getTime();
  useEffect(() => {
    if (!opensAt || !ahead) return;
    const ms = Date.parse(opensAt) - Date.now();
    if (ms > 2_147_000_000) return;
    const t = setTimeout(() => invalidateEvent(qc, event.id), ms + 500);
    return () => clearTimeout(t);
  }, [opensAt, ahead, qc, event.id]);
  if (!opensAt || !ahead) return null;
  return (
    <Alert color="blue" title={`Anmälan öppnar ${when(opensAt)}`}>
      Om {countdownText(opensAt, now)}.
    </Alert>
  );
}

/** The return from the payment page: confirms a paid checkout once and tidies the address. */
function useCheckoutReturn(eventId: number) {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmCheckout(eventId);
  const payment = params.get('payment');
  const sessionId = params.get('session_id');
  const { mutate } = confirm;
  useEffect(() => {
    if (!payment) return;
    // The member may have gone on while the payment was confirmed (the next page still loading): only
    // the address they are still on is tidied, never one that would bring them back here.
    const tidy = () =>
      new URLSearchParams(window.location.search).has('payment') &&
      setParams(
        (p) => {
          p.delete('payment');
          p.delete('session_id');
          return p;
        },
        { replace: true },
      );
    if (payment === 'success' && sessionId) {
      mutate(sessionId, {
        onSuccess: () => toastSuccess('Betalningen är klar', 'Tack! Kvittot kommer med e-post.'),
        onError: (err) => toastError('Betalningen kunde inte bekräftas', apiErrorMessage(err)),
        onSettled: tidy,
      });
    } else {
      toastError('Betalningen avbröts', 'Inget har dragits. Du kan betala när du vill.');
      tidy();
    }
  }, [payment, sessionId, mutate, setParams]);
}

function OfferBlock({ event, reg, now }: { event: EventDetail; reg: MyRegistration; now: Date }) {
  const answer = useAnswerOffer(event.id);
  const checkout = useStartCheckout(event.id);
  const expires = reg.offerExpiresAt;
  const respond = (a: 'accept' | 'decline') =>
    answer.mutate(a, {
      onSuccess: () =>
        a === 'accept'
          ? toastSuccess('Du har tackat ja', `Välkommen till ${event.title}!`)
          : toastSuccess('Du har tackat nej', 'Platsen går vidare till nästa i kön.'),
      onError: (err) => toastError('Det gick inte', apiErrorMessage(err)),
    });
  return (
    <Alert color="green" title="En plats är ledig för dig!">
      <Stack gap="xs">
        {expires ? (
          <Text size="sm">
            Svara senast {when(expires)} (om {countdownText(expires, now)}) – annars går platsen till nästa i
            kön.
          </Text>
        ) : null}
        <Group gap="sm">
          {reg.canPay ? (
            <Button loading={checkout.isPending} onClick={() => checkout.mutate()}>
              Tacka ja och betala {formatKr(event.price)}
            </Button>
          ) : (
            <Button
              loading={answer.isPending && answer.variables === 'accept'}
              onClick={() => respond('accept')}
            >
              Tacka ja
            </Button>
          )}
          <Button
            variant="default"
            loading={answer.isPending && answer.variables === 'decline'}
            onClick={() => respond('decline')}
          >
            Tacka nej
          </Button>
        </Group>
        {checkout.error ? <Text c="red">{apiErrorMessage(checkout.error)}</Text> : null}
      </Stack>
    </Alert>
  );
}

/**
 * The member's own place at the event (issue 14): the place in the queue, an offer with its countdown
 * and answers, the fee to pay on the site, a late-cancellation fee; and the return from payment.
 */
export function RegistrationStateCard({ event, loggedIn }: { event: EventDetail; loggedIn: boolean }) {
  const now = useTickingNow();
  const { data: reg } = useMyRegistration(event.id, loggedIn);
  const checkout = useStartCheckout(event.id);
  useCheckoutReturn(event.id);
  if (!reg) return null;
  if (reg.status === 'offered') return <OfferBlock event={event} reg={reg} now={now} />;
  if (reg.status === 'waitlisted') {
    return (
      <Alert color="orange" title={`Du är nummer ${reg.position ?? '–'} i kön`}>
        {event.waitlistMode === 'offer'
          ? `När en plats blir ledig får du ett erbjudande och ${event.waitlistOfferHours} timmar att svara.`
          : 'Du flyttas upp automatiskt när en plats blir ledig.'}
      </Alert>
    );
  }
  if (reg.status === 'cancelled') {
    if (reg.amountDue <= 0) return null;
    return (
      <Alert color="red" title={`Avgift för sen avbokning: ${formatKr(reg.amountDue)}`}>
        Du avbokade efter sista dag för avbokning. Avgiften tas bort om någon från reservlistan tar din plats
        före evenemanget.
      </Alert>
    );
  }
  return (
    <Alert color="green" title="Du är anmäld">
      <PaymentLine
        wording={paymentWording(event, reg)}
        canPay={reg.canPay}
        paying={checkout.isPending}
        onPay={() => checkout.mutate()}
      />
      {checkout.error ? <Text c="red">{apiErrorMessage(checkout.error)}</Text> : null}
    </Alert>
  );
}

const WORDING_COLOR: Record<PaymentWording['kind'], string> = {
  due: 'orange.9',
  on_site: 'dark',
  paid: 'green.9',
  refunded: 'dark',
};

/**
 * The payment of a held place in words (issue 27): 'Att betala 445 kr' with 'Betala nu' when the fee is
 * paid on the site, 'Betalas på plats, 445 kr', 'Betald 445 kr', 'Återbetald'.
 */
function PaymentLine(props: {
  wording: PaymentWording | null;
  canPay: boolean;
  paying: boolean;
  onPay: () => void;
}) {
  const { wording, canPay } = props;
  if (!wording) return null;
  return (
    <Group gap="sm" justify="space-between">
      <Text size="sm" fw={700} c={WORDING_COLOR[wording.kind]}>
        {wording.label}
      </Text>
      {wording.kind === 'due' && canPay ? (
        <Button loading={props.paying} onClick={props.onPay}>
          Betala nu
        </Button>
      ) : null}
    </Group>
  );
}
