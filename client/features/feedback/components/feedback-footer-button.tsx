import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { LazyFeedbackDialog } from './lazy-feedback-dialog';

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
      <LazyFeedbackDialog opened={opened} onClose={close} isAuthenticated={isAuthenticated} />
    </>
  );
}
