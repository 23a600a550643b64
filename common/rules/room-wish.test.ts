import { describe, expect, it } from 'vitest';
import { ROOM_WISH_LABELS } from '../options';
import { includesLodging, normaliseRoomWish, roomWishText } from './room-wish';

describe('room wishes', () => {
  it('asks for a room only when the event spans more than one day in Stockholm', () => {
    expect(includesLodging({ startTime: '2030-06-14T07:00:00Z', endTime: '2030-06-16T15:00:00Z' })).toBe(
      true,
    );
    expect(includesLodging({ startTime: '2030-06-14T07:00:00Z', endTime: '2030-06-14T17:00:00Z' })).toBe(
      false,
    );
    // 23:00–01:00 Swedish summer time crosses midnight: a night away.
    expect(includesLodging({ startTime: '2030-06-14T21:00:00Z', endTime: '2030-06-14T23:00:00Z' })).toBe(
      true,
    );
  });

  it('keeps the name only with a named room mate, and says the wish in words', () => {
    expect(
      normaliseRoomWish({ roomWish: 'shared', roomMateName: 'Eva', roomMateId: 'u1', roomMixedOk: true }),
    ).toEqual({
      roomWish: 'shared',
      roomMateName: null,
      roomMateId: null,
      roomMixedOk: true,
    });
    // 'Blandat rum går bra' belongs to 'Dela rum' only; a named room mate keeps the id and the name.
    expect(
      normaliseRoomWish({
        roomWish: 'shared_with',
        roomMateName: 'Eva Ek',
        roomMateId: 'u1',
        roomMixedOk: true,
      }),
    ).toEqual({
      roomWish: 'shared_with',
      roomMateName: 'Eva Ek',
      roomMateId: 'u1',
      roomMixedOk: false,
    });
    expect(roomWishText({ roomWish: 'shared_with', roomMateName: 'Eva Ek' }, ROOM_WISH_LABELS)).toBe(
      'Dela rum med Eva Ek',
    );
    expect(roomWishText({ roomWish: 'single', roomMateName: null }, ROOM_WISH_LABELS)).toBe('Enkelrum');
    expect(roomWishText({ roomWish: null, roomMateName: null }, ROOM_WISH_LABELS)).toBeNull();
  });
});
