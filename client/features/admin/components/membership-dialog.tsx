import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import type { MembershipType } from '@common/options';
import type { AdminUser } from '@common/schemas/billing';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSetMembership } from '../api/admin-members-api';

const LABEL: Record<MembershipType, string> = { free: 'Gratis', pro: 'Pro' };

/** 'Ändra' dialog: set a member's membership type to Gratis or Pro (keyed by member, so it starts empty). */
export function MembershipDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [type, setType] = useState<MembershipType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSetMembership();

  const submit = () => {
    if (!user) return;
    if (!type) return setError(msg.membershipTypeRequired);
    save.mutate(
      { userId: user.id, membershipType: type },
      {
        onSuccess: (u) => {
          toastSuccess(
            'Medlemskap uppdaterat',
            `${u.fullName || u.username || u.email} har nu ${LABEL[u.membershipType]}.`,
          );
          onClose();
        },
        onError: (err) =>
          toastError(msg.membershipUpdateFailedTitle, apiErrorMessage(err, msg.membershipUpdateFailed)),
      },
    );
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title="Ändra medlemskap" centered>
      {user && (
        <Stack>
          <Text size="sm">
            {user.fullName || user.username || user.email} har i dag <b>{LABEL[user.membershipType]}</b>.
          </Text>
          {user.subscriptionStatus &&
            ['active', 'past_due', 'cancel_at_period_end'].includes(user.subscriptionStatus) && (
              <Text size="xs" c="dimmed">
                Medlemmen har en betald prenumeration. Den löper vidare tills medlemmen säger upp den, och
                betalningarna styr då medlemskapet igen.
              </Text>
            )}
          <Radio.Group
            label="Medlemskap"
            value={type}
            onChange={(v) => {
              setType(v as MembershipType);
              setError(null);
            }}
            error={error}
          >
            <Group mt="xs">
              <Radio value="free" label="Gratis" />
              <Radio value="pro" label="Pro" />
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Avbryt
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Spara
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
