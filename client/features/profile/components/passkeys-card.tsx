import { apiErrorMessage, apiErrorStatus } from '@client/lib/api';
import { formatDate, formatTime } from '@client/lib/dates';
import { toastError, toastSuccess } from '@client/lib/toast';
import { PASSKEY_NAME_MAX } from '@common/limits';
import type { Passkey } from '@common/schemas/account';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';

const DEFAULT_NAME = 'Nyckel på den här enheten';

/** Whether this browser can create and use passkeys at all (WebAuthn). */
function browserHasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const noChanges = () => () => undefined;

/**
 * browserHasWebAuthn() once the page is hydrated: the server renders the profile (issue 33) as for a browser
 * with passkeys, which the browser's first render repeats; one without them draws its note right after.
 */
const useWebAuthn = () => useSyncExternalStore(noChanges, browserHasWebAuthn, () => true);

/** A Swedish reason for a failed 'Lägg till nyckel': the browser's ceremony or the server's answer. */
export function addPasskeyErrorMessage(err: unknown): string {
  if (apiErrorStatus(err) !== null) return apiErrorMessage(err);
  const e = err as { name?: string; code?: string } | null;
  if (e?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e?.name === 'InvalidStateError') {
    return 'Den här enheten har redan en nyckel för ditt konto.';
  }
  if (e?.name === 'NotAllowedError' || e?.name === 'AbortError') {
    return 'Du avbröt, eller så tog det för lång tid. Försök igen.';
  }
  return 'Nyckeln kunde inte läggas till. Försök igen.';
}

/** '14 juni 2025 kl. 09:30' */
const when = (iso: string) => `${formatDate(iso)} kl. ${formatTime(iso)}`;

/** A name dialog ('Lägg till nyckel' and 'Byt namn'), checked with the server's rule. */
function NameModal({
  opened,
  title,
  initial,
  submitLabel,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The rule comes with zod, loaded when a name is first sent, not with the profile page (issue 33).
    const { passkeyNameSchema } = await import('@common/schemas/account');
    const parsed = passkeyNameSchema.safeParse({ name: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Ange ett namn');
    setError(null);
    onSubmit(parsed.data.name);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label="Namn på nyckeln"
            description="Så att du känner igen den, till exempel telefonens eller datorns namn."
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            maxLength={PASSKEY_NAME_MAX}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Avbryt
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One passkey: its name, when it was added and last used, 'Byt namn' and 'Ta bort'. */
function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();

  const onRename = (name: string) =>
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          setRenaming(false);
          toastSuccess('Nyckeln har bytt namn', `Den heter nu ”${name}”.`);
        },
        onError: (err) => toastError('Namnet kunde inte ändras', apiErrorMessage(err)),
      },
    );
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setRemoving(false);
        toastSuccess('Nyckeln är borttagen', `”${passkey.name}” kan inte längre användas för att logga in.`);
      },
      onError: (err) => toastError('Nyckeln kunde inte tas bort', apiErrorMessage(err)),
    });

  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={passkey.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <IconKey size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Text>
            <Text size="xs" c="dimmed">
              Tillagd {when(passkey.createdAt)}
            </Text>
            <Text size="xs" c="dimmed">
              {passkey.lastUsedAt ? `Senast använd ${when(passkey.lastUsedAt)}` : 'Inte använd än'}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setRenaming(true)}
            aria-label={`Byt namn på ${passkey.name}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => setRemoving(true)}
            aria-label={`Ta bort ${passkey.name}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {renaming && (
        <NameModal
          opened
          title="Byt namn på nyckeln"
          initial={passkey.name}
          submitLabel="Spara"
          busy={rename.isPending}
          onClose={() => setRenaming(false)}
          onSubmit={onRename}
        />
      )}
      <Modal opened={removing} onClose={() => setRemoving(false)} title="Ta bort nyckeln?" centered>
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            ”{passkey.name}” kan inte längre användas för att logga in på Singelgolf. Du kan också ta bort den
            ur enhetens lösenordshanterare.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(false)}>
              Avbryt
            </Button>
            <Button color="red" onClick={onRemove} loading={remove.isPending}>
              Ja, ta bort
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * 'Inloggningsnycklar' (passkeys) of the profile's 'Säkerhet' section, for the built-in login: the
 * member's keys, 'Lägg till nyckel', rename and remove. Renders nothing for a login through another
 * issuer (the server answers 404), and only a short note where the browser has no WebAuthn.
 */
export function PasskeysCard() {
  const supported = useWebAuthn();
  const list = usePasskeys(supported);
  const add = useAddPasskey();
  const [adding, setAdding] = useState(false);

  const heading = (
    <Title order={3} fz="md" id="nycklar-rubrik">
      Inloggningsnycklar
    </Title>
  );

  if (!supported) {
    return (
      <Stack gap="xs" component="section" aria-labelledby="nycklar-rubrik">
        {heading}
        <Text size="sm" c="dimmed">
          Den här webbläsaren kan inte använda nycklar (passkeys). Du loggar in med lösenord som vanligt.
        </Text>
      </Stack>
    );
  }
  if (list.isError && apiErrorStatus(list.error) === 404) return null;

  const onAdd = (name: string) =>
    add.mutate(name, {
      onSuccess: (passkey) => {
        setAdding(false);
        toastSuccess('Nyckeln är tillagd', `Nu kan du logga in med ”${passkey.name}”.`);
      },
      onError: (err) => toastError('Nyckeln lades inte till', addPasskeyErrorMessage(err)),
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby="nycklar-rubrik">
      {heading}
      <Text size="sm" c="dimmed">
        Med en nyckel (passkey) loggar du in med fingeravtryck, ansiktet eller enhetens PIN-kod i stället för
        lösenord. Lösenordet fungerar som vanligt.
      </Text>
      {list.isPending ? (
        <Group justify="center" py="xs">
          <Loader size="sm" aria-label="Laddar nycklar" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light" title="Kunde inte hämta dina nycklar">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{apiErrorMessage(list.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              Försök igen
            </Button>
          </Stack>
        </Alert>
      ) : list.data.length === 0 ? (
        <Text size="sm">Du har inga nycklar än.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Dina nycklar"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </Stack>
      )}
      <Group>
        <Button
          leftSection={<IconKey size={18} />}
          variant="light"
          onClick={() => setAdding(true)}
          disabled={!list.isSuccess}
        >
          Lägg till nyckel
        </Button>
      </Group>
      {adding && (
        <NameModal
          opened
          title="Lägg till nyckel"
          initial={DEFAULT_NAME}
          submitLabel="Fortsätt"
          busy={add.isPending}
          onClose={() => setAdding(false)}
          onSubmit={onAdd}
        />
      )}
    </Stack>
  );
}
