import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed-api';

/** 'Min kalender': the personal calendar feed address, copy it, or make a new one (the old stops working). */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, confirm] = useDisclosure(false);
  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        confirm.close();
        toastSuccess('En ny kalenderlänk är skapad', 'Den gamla länken fungerar inte längre.');
      },
      onError: (err) => toastError('Kalenderlänken kunde inte bytas', apiErrorMessage(err)),
    });

  return (
    <div>
      <Title order={3} fz="md" mb={4}>
        Min kalender
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Prenumerera på dina evenemang i din kalenderapp (Google Kalender, Apple Kalender, Outlook). Kalendern
        visar de evenemang du är anmäld till eller står på reservlistan för. Länken är personlig – dela den
        inte.
      </Text>
      {feed.isLoading ? (
        <Loader size="sm" />
      ) : feed.data ? (
        <>
          <TextInput
            label="Kalenderlänk"
            value={feed.data.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            rightSection={
              <CopyButton value={feed.data.url} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Kopierad' : 'Kopiera'} withArrow position="left">
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'golf' : 'gray'}
                      onClick={copy}
                      aria-label={copied ? 'Kopierad' : 'Kopiera länken'}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
          <Group mt="sm">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={confirm.open}>
              Skapa ny länk
            </Button>
          </Group>
        </>
      ) : (
        <Alert color="red" variant="light">
          {apiErrorMessage(feed.error, 'Kalenderlänken kunde inte hämtas.')}
        </Alert>
      )}
      <Modal opened={confirming} onClose={confirm.close} title="Skapa ny kalenderlänk?" centered>
        <Text size="sm">
          Den gamla länken slutar fungera direkt. Kalendrar som prenumererar på den behöver den nya länken för
          att fortsätta visa dina evenemang.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            Avbryt
          </Button>
          <Button color="red" onClick={onReset} loading={reset.isPending}>
            Skapa ny länk
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
