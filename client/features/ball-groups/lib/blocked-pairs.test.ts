import { describe, expect, it } from 'vitest';
import { blockedMoveWarning, blockedPartners, conflictsIn, pairsTogether } from './blocked-pairs';

const pairs = [
  { registrationIds: [1, 2] as [number, number] },
  { registrationIds: [3, 1] as [number, number] },
];
const m = (id: number) => ({ id, name: `M${id}` });

describe('blocked pairs in the ball group manager', () => {
  it('knows each registration’s blocked partners, both ways', () => {
    const partners = blockedPartners(pairs);
    expect([...(partners.get(1) ?? [])].sort()).toEqual([2, 3]);
    expect([...(partners.get(2) ?? [])]).toEqual([1]);
    expect(partners.get(4)).toBeUndefined();
  });

  it('finds the conflicts of a move or an add into a group', () => {
    const partners = blockedPartners(pairs);
    expect(conflictsIn(partners, 2, [m(1), m(4)])).toEqual([m(1)]);
    expect(conflictsIn(partners, 1, [m(1), m(2), m(3)])).toEqual([m(2), m(3)]);
    expect(conflictsIn(partners, 4, [m(1), m(2)])).toEqual([]);
    expect(blockedMoveWarning([], 'Bollgrupp 1')).toBeNull();
    expect(blockedMoveWarning([m(1), m(3)], 'Bollgrupp 2')).toContain('M1 och M3 i Bollgrupp 2');
  });

  it('lists the pairs that already share a group', () => {
    const partners = blockedPartners(pairs);
    expect(
      pairsTogether(partners, [
        { name: 'G1', members: [m(1), m(2), m(4)] },
        { name: 'G2', members: [m(3), m(5)] },
      ]),
    ).toEqual([{ group: 'G1', names: ['M1', 'M2'] }]);
  });
});
