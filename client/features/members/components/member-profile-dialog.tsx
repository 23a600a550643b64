import { useHasBlocked } from '@client/features/blocks/api/blocks-api';
import { BlockMemberAction } from '@client/features/blocks/components/block-member-action';
import { ReportAction } from '@client/features/reports/components/report-action';
import { formatDate } from '@client/lib/dates';
import { avatarSrc } from '@client/lib/images';
import { msg } from '@common/messages';
import { CIVIL_STATUS_LABELS } from '@common/options';
import { displayName } from '@common/rules/display-name';
import { formatHandicapOrNull } from '@common/rules/handicap';
import type { MemberListItem } from '@common/schemas/users';
import {
  Avatar,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useMember } from '../api/members-query';

const ResultsHistory = lazy(() =>
  import('@client/features/scoring/components/results-history').then((m) => ({ default: m.ResultsHistory })),
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

function Badges({ items }: { items: string[] }) {
  return (
    <Group gap={6}>
      {items.map((item) => (
        <Badge key={item} variant="light">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

/** The profile itself: header, 'Om mig', golf, 'Jag söker', interests (spec §2 'Member profile dialog'). */
function MemberProfile({ member }: { member: MemberListItem }) {
  const name = displayName(member);
  const facts = [
    member.age != null ? `${member.age} år` : null,
    member.location,
    member.civilStatus ? CIVIL_STATUS_LABELS[member.civilStatus] : null,
  ].filter(Boolean);
  const hasAbout = member.profession || member.birthDate || member.children || member.dream;
  const hasGolf = member.handicap != null || Boolean(member.club);
  const hasAny = hasAbout || hasGolf || member.lookingFor.length > 0 || member.meetupInterests.length > 0;
  return (
    <Stack gap="md">
      <Group wrap="nowrap">
        <Avatar
          src={avatarSrc(member.profileImageId, member.profileImageUrl)}
          size={80}
          radius="xl"
          color="golf"
          alt=""
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {member.role === 'admin' && (
              <Badge color="red" variant="light">
                Admin
              </Badge>
            )}
          </Group>
          {facts.length > 0 && (
            <Text size="sm" c="dimmed">
              {facts.join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
      {hasAbout && (
        <Section title="Om mig">
          <Row label="Yrke" value={member.profession} />
          <Row label="Födelsedatum" value={member.birthDate ? formatDate(member.birthDate) : null} />
          <Row label="Barn" value={member.children} />
          <Row label="Dröm" value={member.dream} />
        </Section>
      )}
      {!hasAny && <Text c="dimmed">{msg.memberInfoEmpty}</Text>}
      {hasGolf && (
        <Section title="Golf">
          <Row label="Handicap" value={formatHandicapOrNull(member.handicap)} />
          <Row label="Klubb" value={member.club} />
          <Row label="Golf-ID" value={member.golfId} />
          {(member.hasGolfstarMembership || member.hasGolfamoreCard) && (
            <Group gap={6}>
              {member.hasGolfstarMembership && <Badge color="yellow">Golfstar-medlem</Badge>}
              {member.hasGolfamoreCard && <Badge color="grape">Golfamore-kort</Badge>}
            </Group>
          )}
        </Section>
      )}
      {member.lookingFor.length > 0 && (
        <Section title="Jag söker">
          <Badges items={member.lookingFor} />
        </Section>
      )}
      {member.meetupInterests.length > 0 && (
        <Section title="Intressen (utöver golf)">
          <Badges items={member.meetupInterests} />
        </Section>
      )}
    </Stack>
  );
}

export interface MemberProfileDialogProps {
  memberId: string | null;
  /** The member's card data, shown at once while the full profile loads. */
  initial?: MemberListItem;
  isSelf: boolean;
  onClose: () => void;
  onMessage: (memberId: string) => void;
}

/** 'Medlemsprofil': one member, from GET /api/users/{id}. */
export function MemberProfileDialog({
  memberId,
  initial,
  isSelf,
  onClose,
  onMessage,
}: MemberProfileDialogProps) {
  const query = useMember(memberId);
  const member = query.data ?? initial;
  const blocked = useHasBlocked(isSelf ? null : memberId);
  let body: ReactNode;
  if (query.isError && !member) {
    body = (
      <Stack gap="md" role="alert">
        <Text fw={600}>{msg.memberFetchFailed}</Text>
        <Text>{msg.memberProfileLoadFailed}</Text>
        <Button variant="default" onClick={onClose}>
          Stäng
        </Button>
      </Stack>
    );
  } else if (query.isLoading && !member) {
    body = (
      <Center py="xl">
        <Loader aria-label="Laddar medlemsprofil" />
      </Center>
    );
  } else if (!member) {
    body = <Text c="dimmed">{msg.memberInfoEmpty}</Text>;
  } else {
    body = (
      <Stack gap="lg">
        <MemberProfile member={member} />
        {!isSelf && (
          <>
            <Divider />
            {!blocked && (
              <Button leftSection={<IconMessage size={16} />} onClick={() => onMessage(member.id)}>
                Skicka meddelande
              </Button>
            )}
            <BlockMemberAction memberId={member.id} name={displayName(member)} />
            <Group gap="xs">
              <ReportAction targetType="user" targetId={member.id} what="profilen" />
              {member.profileImageId && (
                <ReportAction targetType="image" targetId={member.profileImageId} what="profilbilden" />
              )}
            </Group>
          </>
        )}
        {/* Issue 29: the member's golf results (the server applies their privacy setting). Last, as they
            load after the dialog opens: above the buttons they would move them under a member's finger. */}
        <Suspense fallback={null}>
          <ResultsHistory userId={member.id} own={isSelf} />
        </Suspense>
      </Stack>
    );
  }
  return (
    <Modal opened={memberId !== null} onClose={onClose} title="Medlemsprofil" size="lg">
      {body}
    </Modal>
  );
}
