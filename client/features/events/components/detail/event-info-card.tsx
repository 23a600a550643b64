import { formatLongDate, formatTime, formatWeekday } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { avatarSrc } from '@client/lib/images';
import { PARTICIPANT_AVATARS_MAX } from '@common/limits';
import { avatarInitial, displayName } from '@common/rules/display-name';
import { formatDayRange, isMultiDay } from '@common/rules/event-kind';
import { participantCountsText } from '@common/rules/participant-counts';
import { includesLodging } from '@common/rules/room-wish';
import type { EventDetail } from '@common/schemas/events';
import type { Registration } from '@common/schemas/registrations';
import { Avatar, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCalendar,
  IconClock,
  IconCoffee,
  IconCoin,
  IconGolf,
  IconMapPin,
  IconToolsKitchen2,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <div style={{ color: 'var(--mantine-primary-color-filled)', paddingTop: 2 }}>{icon}</div>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/** The info card of the event detail page (spec §2 'Event detail'). */
export function EventInfoCard({
  event,
  registrations,
}: {
  event: EventDetail;
  registrations?: Registration[];
}) {
  const registered = (registrations ?? []).filter((r) => r.status === 'registered');
  const shown = registered.slice(0, PARTICIPANT_AVATARS_MAX);
  const more = registered.length - shown.length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Item icon={<IconCalendar size={18} />} label="Datum och tid">
          {isMultiDay(event)
            ? // A trip: its days ('11–13 december 2026'), then when it starts and ends.
              `${formatDayRange(event, { year: true })} (${formatWeekday(event.startTime)} kl.\u00a0${formatTime(event.startTime)} – ${formatWeekday(event.endTime)} kl.\u00a0${formatTime(event.endTime)})`
            : `${formatLongDate(event.startTime)}, ${formatTime(event.startTime)} – ${formatTime(event.endTime)}`}
        </Item>
        <Item icon={<IconMapPin size={18} />} label="Plats">
          {event.location}
        </Item>
        <Item icon={<IconUsers size={18} />} label="Deltagare">
          {participantCountsText(event)} (max {event.maxParticipants})
        </Item>
        {shown.length ? (
          <Avatar.Group>
            {shown.map((r) => (
              <Tooltip key={r.id} label={displayName(r.user)} withArrow>
                <Avatar
                  src={avatarSrc(r.user.profileImageId, r.user.profileImageUrl)}
                  alt={displayName(r.user)}
                  radius="xl"
                  color="golf"
                >
                  {avatarInitial(r.user)}
                </Avatar>
              </Tooltip>
            ))}
            {more > 0 ? <Avatar radius="xl">+{more}</Avatar> : null}
          </Avatar.Group>
        ) : null}
        {event.registrationDeadline ? (
          <Item icon={<IconClock size={18} />} label="Sista anmälningsdag">
            {formatLongDate(event.registrationDeadline)}, {formatTime(event.registrationDeadline)}
          </Item>
        ) : null}
        <Item icon={<IconCoin size={18} />} label="Anmälningsavgift">
          {formatKr(event.registrationFee)}
        </Item>
        {!event.greenFeeIncluded ? (
          <Item icon={<IconGolf size={18} />} label="Greenfee">
            {formatKr(event.greenFee ?? 0)}
          </Item>
        ) : null}
        {event.coffeeIncluded ? (
          <Item icon={<IconCoffee size={18} />} label="Ingår">
            Kaffe/smörgås ingår
          </Item>
        ) : null}
        {event.lunchIncluded ? (
          <Item icon={<IconToolsKitchen2 size={18} />} label="Ingår">
            Lunch ingår
          </Item>
        ) : null}
        <Item icon={<IconCoin size={18} />} label="Totalpris">
          <Text span fw={700}>
            {formatKr(event.price)}
          </Text>
          {event.greenFeeIncluded ? ' (inkl. greenfee)' : ''}
        </Item>
        {event.singleRoomSupplement != null && includesLodging(event) ? (
          <Item icon={<IconCoin size={18} />} label="Enkelrumstillägg">
            {formatKr(event.singleRoomSupplement)}
          </Item>
        ) : null}
        {event.ballGroupCount > 0 ? (
          <Item icon={<IconUsersGroup size={18} />} label="Bollgrupper">
            {event.ballGroupCount} bollgrupper
          </Item>
        ) : null}
      </Stack>
    </Card>
  );
}
