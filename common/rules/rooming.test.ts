import { describe, expect, it } from 'vitest';
import { planRooms, type RoomingParticipant } from './rooming';

const p = (id: string, over: Partial<RoomingParticipant> = {}): RoomingParticipant => ({
  id,
  gender: 'female',
  age: 40,
  wish: 'shared',
  mateId: null,
  mixedOk: false,
  ...over,
});

describe('planRooms', () => {
  it('gives single rooms first, then mutual wishes, whatever their genders', () => {
    const rooms = planRooms([
      p('a', { wish: 'single' }),
      p('b', { wish: 'shared_with', mateId: 'c', gender: 'male' }),
      p('c', { wish: 'shared_with', mateId: 'b' }),
    ]);
    expect(rooms).toEqual([
      { members: ['a'], reason: 'single' },
      { members: ['b', 'c'], reason: 'mutual' },
    ]);
  });

  it('treats a one-sided wish as sharing with anyone of the same gender', () => {
    const rooms = planRooms([
      p('a', { wish: 'shared_with', mateId: 'b' }),
      p('b', { wish: 'shared' }),
      p('c', { wish: 'shared_with', mateId: 'a', age: 70 }),
    ]);
    // a named b, b did not name a: no mutual pair; same gender by age: a and b (40, 40), c alone.
    expect(rooms).toEqual([
      { members: ['a', 'b'], reason: 'same_gender' },
      { members: ['c'], reason: 'alone' },
    ]);
  });

  it('pairs the same gender by closest age', () => {
    const rooms = planRooms([
      p('w1', { age: 62 }),
      p('w2', { age: 31 }),
      p('w3', { age: 58 }),
      p('w4', { age: 35 }),
      p('m1', { gender: 'male', age: 45 }),
      p('m2', { gender: 'male', age: 44 }),
    ]);
    expect(rooms).toEqual([
      { members: ['w2', 'w4'], reason: 'same_gender' },
      { members: ['w3', 'w1'], reason: 'same_gender' },
      { members: ['m2', 'm1'], reason: 'same_gender' },
    ]);
  });

  it('mixes genders only when both leftovers said it is fine', () => {
    const both = planRooms([p('w', { mixedOk: true }), p('m', { gender: 'male', mixedOk: true })]);
    expect(both).toEqual([{ members: ['m', 'w'], reason: 'mixed' }]);
    const one = planRooms([p('w', { mixedOk: true }), p('m', { gender: 'male' })]);
    expect(one).toEqual([
      { members: ['m'], reason: 'alone' },
      { members: ['w'], reason: 'alone' },
    ]);
    // No stated gender: never with anyone unless both say mixed is fine.
    const unknown = planRooms([p('u', { gender: null }), p('w')]);
    expect(unknown.map((r) => r.reason)).toEqual(['alone', 'alone']);
  });

  it('is deterministic: the input order does not matter, everyone is in exactly one room', () => {
    const people = Array.from({ length: 23 }, (_, i) =>
      p(`id${String(i).padStart(2, '0')}`, {
        gender: i % 3 === 0 ? 'male' : i % 5 === 0 ? null : 'female',
        age: 25 + ((i * 7) % 40),
        wish: i % 7 === 0 ? 'single' : i % 4 === 0 ? 'shared_with' : 'shared',
        mateId: i % 4 === 0 ? `id${String((i + 4) % 23).padStart(2, '0')}` : null,
        mixedOk: i % 2 === 0,
      }),
    );
    const a = planRooms(people);
    const b = planRooms([...people].reverse());
    expect(b).toEqual(a);
    const all = a.flatMap((r) => r.members).sort();
    expect(all).toEqual(people.map((x) => x.id).sort());
    expect(a.every((r) => r.members.length >= 1 && r.members.length <= 2)).toBe(true);
  });
});
