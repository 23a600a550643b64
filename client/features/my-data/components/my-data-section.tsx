import { SectionCard } from '@client/ui/section-card';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DeleteAccount } from './delete-account';

/**
 * The profile's 'Dina uppgifter' (#mina-uppgifter): the member downloads everything the site keeps
 * about them (GET /api/me/export, a ZIP of JSON files and their pictures) or deletes the account.
 */
export function MyDataSection() {
  return (
    <SectionCard anchor="mina-uppgifter" title="Dina uppgifter">
      <Text size="sm">
        Ladda ner allt Singelgolf sparar om dig: profil, anmälningar, meddelanden, notiser, betalningar och
        dina bilder, som JSON-filer i en ZIP-fil.
      </Text>
      <Button
        component="a"
        href="/api/me/export"
        download
        variant="light"
        leftSection={<IconDownload size={16} />}
        w="fit-content"
      >
        Ladda ner mina uppgifter
      </Button>
      <Text size="sm" mt="sm">
        Vill du lämna Singelgolf? Då tas ditt konto och dina personuppgifter bort.
      </Text>
      <DeleteAccount />
    </SectionCard>
  );
}
