import { ROOM_WISH_LABELS, ROOM_WISHES, type RoomWish } from '@common/options';
import type { RoomWishValue } from '@common/rules/room-wish';
import { Checkbox, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** A participant of the trip to share a room with. */
export interface RoomMateChoice {
  id: string;
  name: string;
}

/**
 * 'Rumsönskemål' on a trip with overnight stays: enkelrum (with the single-room supplement when the
 * organiser set one), dela rum (same gender, unless 'blandat går bra'), or dela med a participant chosen
 * from the trip's participants (issue 30: by id; mutual only when both choose each other). The inputs are
 * named (`roomWish`, `roomMateId`, `roomMixedOk`) so the surrounding form reads them with `readRoomWish`.
 */
export function RoomWishField({
  initial,
  participants,
  singleRoomSupplement,
  error,
}: {
  initial?: RoomWishValue | null;
  /** The other participants to choose from. */
  participants: RoomMateChoice[];
  singleRoomSupplement?: number | null;
  error?: string | null;
}) {
  const [wish, setWish] = useState<RoomWish | ''>(initial?.roomWish ?? '');
  const [mate, setMate] = useState(initial?.roomMateId ?? '');
  const [mixed, setMixed] = useState(initial?.roomMixedOk === true);
  const sorted = [...participants].sort((a, b) => a.name.localeCompare(b.name, 'sv'));
  const legacyName = initial?.roomWish === 'shared_with' && !initial.roomMateId ? initial.roomMateName : null;
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
            <Radio
              key={w}
              value={w}
              label={ROOM_WISH_LABELS[w]}
              description={
                w === 'single' && singleRoomSupplement != null
                  ? `Enkelrumstillägg ${singleRoomSupplement} kr`
                  : w === 'shared'
                    ? 'Med någon av samma kön, om ni inte båda säger att blandat går bra'
                    : undefined
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {wish === 'shared' ? (
        <Checkbox
          name="roomMixedOk"
          value="true"
          label="Blandat rum går bra för mig"
          checked={mixed}
          onChange={(e) => setMixed(e.currentTarget.checked)}
        />
      ) : null}
      {wish === 'shared_with' ? (
        <>
          <NativeSelect
            name="roomMateId"
            label="Vem vill du dela rum med?"
            description="Ni får dela rum om ni väljer varandra."
            data={[
              { value: '', label: 'Välj en deltagare' },
              ...sorted.map((p) => ({ value: p.id, label: p.name })),
            ]}
            value={mate}
            onChange={(e) => setMate(e.currentTarget.value)}
            error={error}
            required
          />
          {legacyName ? (
            <Text size="xs" c="dimmed">
              Tidigare angivet: {legacyName}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** The room wish a form holds (RoomWishField's inputs), as the API takes it; no wish is null. */
export function readRoomWish(form: HTMLFormElement): RoomWishValue {
  const data = new FormData(form);
  const wish = data.get('roomWish');
  const mate = data.get('roomMateId');
  const roomWish =
    typeof wish === 'string' && (ROOM_WISHES as readonly string[]).includes(wish) ? (wish as RoomWish) : null;
  return {
    roomWish,
    roomMateName: null,
    roomMateId: roomWish === 'shared_with' && typeof mate === 'string' && mate ? mate : null,
    roomMixedOk: roomWish === 'shared' && data.get('roomMixedOk') === 'true',
  };
}
