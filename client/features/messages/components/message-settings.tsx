import { Group, Switch } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { readSoundPreference, writeSoundPreference } from '../lib/sound-preference';

interface Props {
  largeText: boolean;
  onLargeText(on: boolean): void;
}

/**
 * 'Stor text' and the sound toggle ('Ljud på' / 'Ljud av'). The sound choice is this browser's
 * (lib/sound-preference.ts, read where a message arrives): on as the server renders the page, the stored
 * choice right after hydrating, in a transition and here rather than in the page, so the page is not drawn
 * again while its parts hydrate (issue 33).
 */
export function MessageSettings({ largeText, onLargeText }: Props) {
  const [sound, setSound] = useState(true);
  useEffect(() => {
    const stored = readSoundPreference();
    startTransition(() => setSound(stored));
  }, []);
  const onSound = (on: boolean) => {
    setSound(on);
    writeSoundPreference(on);
  };
  return (
    <Group gap="md" wrap="wrap">
      <Switch
        label="Stor text"
        checked={largeText}
        onChange={(e) => onLargeText(e.currentTarget.checked)}
        size="sm"
      />
      <Switch
        label={sound ? 'Ljud på' : 'Ljud av'}
        checked={sound}
        onChange={(e) => onSound(e.currentTarget.checked)}
        size="sm"
      />
    </Group>
  );
}
