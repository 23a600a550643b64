import { ActionIcon, Affix, Button, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { FeedbackDialog } from './feedback-dialog';

/**
 * The floating 'Lämna feedback' button, bottom right, from the `sm` width up. On phones it would cover
 * row buttons (issue 18), so there the footer has FeedbackFooterButton instead.
 */
export function FeedbackButton({ isAuthenticated }: { isAuthenticated: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150} visibleFrom="sm">
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

/** 'Lämna feedback' in the footer on phones, where no button floats over the page. */
export function FeedbackFooterButton({ isAuthenticated }: { isAuthenticated: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        hiddenFrom="sm"
        variant="white"
        size="sm"
        leftSection={<IconMessageCircle size={18} />}
        onClick={open}
      >
        Lämna feedback
      </Button>
      <FeedbackDialog opened={opened} onClose={close} isAuthenticated={isAuthenticated} />
    </>
  );
}
