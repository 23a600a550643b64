import { Group, Switch } from '@mantine/core';

interface Props {
  largeText: boolean;
  onLargeText(on: boolean): void;
  sound: boolean;
  onSound(on: boolean): void;
}

/** 'Stor text' and the sound toggle ('Ljud på' / 'Ljud av'). */
export function MessageSettings({ largeText, onLargeText, sound, onSound }: Props) {
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
