import { ActionIcon, Affix, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { LazyFeedbackDialog } from './lazy-feedback-dialog';

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
      <LazyFeedbackDialog opened={opened} onClose={close} isAuthenticated={isAuthenticated} />
    </>
  );
}
