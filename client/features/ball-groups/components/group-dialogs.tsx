import { GROUP_NAME_MAX } from '@common/limits';

import { msg } from '@common/messages';
import { renameGroupInputSchema } from '@common/schemas/ball-groups';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

interface Option {
  value: string;
  label: string;
}

/** Rename a group: a trimmed, non-blank name (spec §5). */
export function RenameDialog({
  opened,
  initialName,
  pending,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  initialName: string;
  pending: boolean;
  onClose(): void;
  onSubmit(name: string): void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName(initialName);
      setError(null);
    }
  }, [opened, initialName]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = renameGroupInputSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? msg.groupNameRequired);
    onSubmit(parsed.data.name);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Byt namn på bollgrupp">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Gruppnamn"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            maxLength={GROUP_NAME_MAX}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Avbryt
            </Button>
            <Button type="submit" loading={pending}>
              Spara
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Pick one option (a destination group or an unassigned member); the button needs a choice (spec §5). */
export function PickDialog({
  opened,
  title,
  label,
  placeholder,
  options,
  confirmLabel,
  emptyText,
  pending,
  onClose,
  onSubmit,
  warning,
}: {
  opened: boolean;
  title: string;
  label: string;
  placeholder: string;
  options: Option[];
  confirmLabel: string;
  emptyText: string;
  pending: boolean;
  onClose(): void;
  onSubmit(value: number): void;
  /** A warning about the chosen option (e.g. a blocked pair in one group); the choice stays allowed. */
  warning?: (value: number) => string | null;
}) {
  const [value, setValue] = useState<string | null>(null);
  const warningText = value && warning ? warning(Number(value)) : null;
  useEffect(() => {
    if (opened) setValue(null);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {options.length ? (
          <Select
            label={label}
            placeholder={placeholder}
            data={options}
            value={value}
            onChange={setValue}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Text c="dimmed">{emptyText}</Text>
        )}
        {warningText && (
          <Alert color="orange" variant="light" role="alert">
            {warningText}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Avbryt
          </Button>
          <Button disabled={!value} loading={pending} onClick={() => value && onSubmit(Number(value))}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  pending,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Avbryt
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
