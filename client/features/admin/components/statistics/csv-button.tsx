import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** A table's CSV file for the period, downloaded by the browser (the session cookie goes along). */
export function CsvButton({ href, label }: { href: string; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      size="xs"
      leftSection={<IconDownload size={16} />}
      aria-label={label}
    >
      Ladda ner CSV
    </Button>
  );
}
