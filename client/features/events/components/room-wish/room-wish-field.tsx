import { ROOM_MATE_NAME_MAX } from '@common/limits';
import { ROOM_WISH_LABELS, ROOM_WISHES, type RoomWish } from '@common/options';
import type { RoomWishValue } from '@common/rules/room-wish';
import { Autocomplete, Radio, Stack } from '@mantine/core';
import { useState } from 'react';

/**
 * 'Rumsönskemål' on a trip with overnight stays: enkelrum, dela rum, or dela med namngiven medlem with
 * the name, chosen from the trip's participants or typed (a friend who registers later). The inputs are
 * named (`roomWish`, `roomMateName`) so the surrounding form reads them with `readRoomWish`.
 */
export function RoomWishField({
  initial,
  names,
  error,
}: {
  initial?: RoomWishValue | null;
  /** The other participants' names to choose from. */
  names: string[];
  error?: string | null;
}) {
  const [wish, setWish] = useState<RoomWish | ''>(initial?.roomWish ?? '');
  const [mate, setMate] = useState(initial?.roomMateName ?? '');
  return (
    <Stack gap="xs">
      <Radio.Group
        name="roomWish"
        label="Rumsönskemål"
        description="Arrangören försöker ordna rummen efter önskemålen."
        value={wish}
        onChange={(v) => setWish(v as RoomWish)}
      >
        <Stack gap={6} mt={6}>
          {ROOM_WISHES.map((w) => (
            <Radio key={w} value={w} label={ROOM_WISH_LABELS[w]} />
          ))}
        </Stack>
      </Radio.Group>
      {wish === 'shared_with' ? (
        <Autocomplete
          name="roomMateName"
          label="Vem vill du dela rum med?"
          placeholder="Välj en deltagare eller skriv ett namn"
          data={[...new Set(names)].sort((a, b) => a.localeCompare(b, 'sv'))}
          maxLength={ROOM_MATE_NAME_MAX}
          value={mate}
          onChange={setMate}
          error={error}
          required
        />
      ) : null}
    </Stack>
  );
}

/** The room wish a form holds (RoomWishField's inputs), as the API takes it; no wish is null. */
export function readRoomWish(form: HTMLFormElement): RoomWishValue {
  const data = new FormData(form);
  const wish = data.get('roomWish');
  const name = data.get('roomMateName');
  const roomWish =
    typeof wish === 'string' && (ROOM_WISHES as readonly string[]).includes(wish) ? wish : null;
  return {
    roomWish: roomWish as RoomWish | null,
    roomMateName: roomWish === 'shared_with' && typeof name === 'string' ? name.trim() || null : null,
  };
}
