import { MESSAGE_MAX_LENGTH } from '@common/limits';
import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

interface Props {
  onSend(content: string): Promise<unknown>;
  pending: boolean;
  placeholder: string;
  label: string;
}

/**
 * The text box and send button of direct messages and group chats alike: Enter sends, Shift+Enter adds a
 * line; disabled while blank or sending; cleared after a successful send.
 */
export function MessageInput({ onSend, pending, placeholder, label }: Props) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  async function send() {
    if (blank || pending) return;
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // Logged by the mutation; the text stays so nothing is lost.
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (!e.shiftKey || e.ctrlKey || e.metaKey) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        // Enter sends: the phone's keyboard says so, and an Enter pressed before the box hydrated is held
        // and pressed again (common/early-taps.ts ENTER_SENDS_FIELDS).
        enterKeyHint="send"
        autosize
        minRows={1}
        maxRows={6}
        maxLength={MESSAGE_MAX_LENGTH}
        style={{ flex: 1, minWidth: 0 }}
      />
      <ActionIcon
        size={42}
        radius="md"
        color="golf"
        aria-label="Skicka"
        onClick={() => void send()}
        disabled={blank || pending}
        loading={pending}
      >
        <IconSend size={20} />
      </ActionIcon>
    </Group>
  );
}
