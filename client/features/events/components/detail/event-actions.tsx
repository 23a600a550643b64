import { loginUrl, signupUrl } from '@client/features/auth/lib/auth-urls';
import { ApiError, apiErrorMessage } from '@client/lib/api';
import { formatKr } from '@client/lib/format';
import { toastError, toastSuccess } from '@client/lib/toast';
import { OnceOpened } from '@client/ui/once-opened';
import { REGISTRATION_STATUS_LABELS } from '@common/options';
import { eventNouns, isMultiDay } from '@common/rules/event-kind';
import { hasEnded } from '@common/rules/event-phase';
import { lateCancellationFeeNow, registrationClosedReason } from '@common/rules/event-registration';
import { registrationClosure } from '@common/rules/registration-window';
import type { EventDetail } from '@common/schemas/events';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCancelRegistration, useDeleteEvent, useRegister } from '../../api/event-mutations';
import { ProRequiredNotice } from '../pro-required';
import { type RegistrationAnswers, RegistrationDialog } from './registration-dialog';
import { UpgradeDialog } from './upgrade-dialog';

/** True when the error is the server's 403 {requiresUpgrade: true}. */
function needsUpgrade(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.body?.requiresUpgrade === true;
}

/** The action buttons of the detail page by state (spec §2), with their dialogs. */
export function EventActions({
  event,
  loggedIn,
  onEdit,
}: {
  event: EventDetail;
  loggedIn: boolean;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'register' | 'upgrade' | 'cancel' | 'delete' | null>(null);
  const register = useRegister(event.id);
  const cancel = useCancelRegistration(event.id);
  const remove = useDeleteEvent(event.id);
  const ended = hasEnded(event);
  // The server's rule (cancelled, completed, ended, past the deadline): why registration is closed, if it is.
  const closedReason = registrationClosedReason(event);
  const open = event.registrationOpen && closedReason === null;
  const mine = event.myRegistration;
  const { isPro } = event.abilities;
  // A free member is told before any click that registering takes Pro, and where to get it (issue 27).
  const proRequired =
    loggedIn && !mine && !ended && !isPro && (open || registrationClosure(event) === 'not_open');
  const full = event.registeredCount >= event.maxParticipants;
  const close = () => setDialog(null);
  // Only a held place costs a fee to give up (not a place in the queue or an offer).
  const lateFee = mine?.status === 'registered' ? lateCancellationFeeNow(event) : 0;

  const submit = (body: RegistrationAnswers) =>
    register.mutate(body, {
      onSuccess: (r) => {
        close();
        toastSuccess(
          r.status === 'waitlisted' ? 'Du står på reservlistan' : 'Du är anmäld',
          r.status !== 'waitlisted'
            ? `Välkommen till ${event.title}!`
            : event.waitlistMode === 'offer'
              ? 'Du får ett erbjudande när en plats blir ledig.'
              : 'Du flyttas upp automatiskt när en plats blir ledig.',
        );
      },
      onError: (err) => {
        if (needsUpgrade(err)) {
          setDialog('upgrade');
          return;
        }
        close();
        toastError('Anmälan misslyckades', apiErrorMessage(err, 'Försök igen om en stund.'));
      },
    });

  return (
    <Stack gap="sm">
      {proRequired ? <ProRequiredNotice eventId={event.id} /> : null}
      <Group gap="sm">
        {!loggedIn && !ended && open ? (
          <>
            {/* Sign-up, coming back here once the e-mail link is followed (issue 27). */}
            <Button component="a" href={signupUrl(`/events/${event.id}`)}>
              Bli medlem för att delta
            </Button>
            <Button component="a" href={loginUrl(`/events/${event.id}`)} variant="default">
              Logga in
            </Button>
          </>
        ) : null}
        {loggedIn && !mine && !ended && isPro ? (
          // The dialog says what it costs; the server still decides (a lapsed Pro: 403 opens the upgrade dialog).
          <Button disabled={!open} onClick={() => setDialog('register')}>
            Anmäl dig
          </Button>
        ) : null}
        {mine ? (
          <Badge
            size="lg"
            color={mine.status === 'registered' ? 'green' : mine.status === 'offered' ? 'teal' : 'orange'}
          >
            {mine.status === 'registered'
              ? 'Anmäld'
              : mine.status === 'waitlisted'
                ? 'På reservlistan'
                : REGISTRATION_STATUS_LABELS[mine.status]}
          </Badge>
        ) : null}
        {/* An offered place is answered by 'Tacka ja' / 'Tacka nej' on its card, nothing else (issue 27). */}
        {mine && event.abilities.canCancel && mine.status !== 'offered' ? (
          <Button variant="outline" color="red" onClick={() => setDialog('cancel')}>
            {mine.status === 'waitlisted' ? 'Lämna kön' : 'Avboka anmälan'}
          </Button>
        ) : null}
        <Button
          component="a"
          href={`/api/events/${event.id}/calendar.ics`}
          download
          variant="default"
          leftSection={<IconCalendarPlus size={16} />}
        >
          Lägg till i kalender
        </Button>
        {event.abilities.canEdit ? (
          <Button variant="light" leftSection={<IconEdit size={16} />} onClick={onEdit}>
            Redigera
          </Button>
        ) : null}
        {event.abilities.canDelete ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog('delete')}
          >
            Ta bort
          </Button>
        ) : null}
      </Group>
      {!mine && !ended && !open ? (
        <Text size="sm" c="dimmed">
          {closedReason ?? 'Anmälan är stängd'}.
        </Text>
      ) : null}

      <OnceOpened opened={dialog === 'register'} early>
        <RegistrationDialog
          opened={dialog === 'register'}
          full={full}
          pending={register.isPending}
          event={event}
          onClose={close}
          onSubmit={submit}
        />
      </OnceOpened>
      <OnceOpened opened={dialog === 'upgrade'}>
        <UpgradeDialog opened={dialog === 'upgrade'} onClose={close} />
      </OnceOpened>
      <OnceOpened opened={dialog === 'cancel'}>
        <Modal opened={dialog === 'cancel'} onClose={close} title="Avboka anmälan" centered>
          <Text>Är du säker på att du vill avboka din anmälan till {event.title}?</Text>
          {lateFee > 0 ? (
            <Alert color="red" mt="md" title={`Avgift ${formatKr(lateFee)}`}>
              Du avbokar efter sista dag för avbokning. Avgiften {formatKr(lateFee)} tas ut om ingen från
              reservlistan tar din plats.
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              Avbryt
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (res) => {
                    close();
                    toastSuccess(
                      'Anmälan avbokad',
                      res.amountDue > 0
                        ? `Din plats är avbokad. Avgift för sen avbokning: ${formatKr(res.amountDue)}.`
                        : 'Din plats är avbokad.',
                    );
                  },
                  onError: (err) => {
                    close();
                    toastError('Avbokningen misslyckades', apiErrorMessage(err));
                  },
                })
              }
            >
              Avboka
            </Button>
          </Group>
        </Modal>
      </OnceOpened>
      <OnceOpened opened={dialog === 'delete'}>
        <Modal
          opened={dialog === 'delete'}
          onClose={close}
          title={`Ta bort ${eventNouns(event).word}`}
          centered
        >
          <Text>
            Är du säker? Detta tar permanent bort {eventNouns(event).definite} och alla anmälningar. Åtgärden
            kan inte ångras.
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              Avbryt
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    close();
                    toastSuccess(
                      isMultiDay(event) ? 'Resan borttagen' : 'Evenemanget borttaget',
                      `${event.title} är borttagen.`,
                    );
                    navigate('/events');
                  },
                  onError: (err) => {
                    close();
                    toastError('Borttagningen misslyckades', apiErrorMessage(err));
                  },
                })
              }
            >
              Ta bort
            </Button>
          </Group>
        </Modal>
      </OnceOpened>
    </Stack>
  );
}
