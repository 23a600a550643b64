import { ActionIcon, Affix, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { FeedbackDialog } from './feedback-dialog';

/** The floating 'Lämna feedback' button shown on every page, bottom right. */
export function FeedbackButton({ isAuthenticated }: { isAuthenticated: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <Tooltip label="Lämna feedback" position="left">
          <ActionIcon
            size={52}
            radius="xl"
            variant="filled"
            aria-label="Lämna feedback"
            onClick={open}
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          >
            <IconMessageCircle size={26} />
          </ActionIcon>
        </Tooltip>
      </Affix>
      <FeedbackDialog opened={opened} onClose={close} isAuthenticated={isAuthenticated} />
    </>
  );
}
