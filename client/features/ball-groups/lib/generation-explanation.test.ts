import type { BallGroupFiguresDto } from '@common/schemas/ball-groups';
import { describe, expect, it } from 'vitest';
import { generationExplanation } from './generation-explanation';

const base: BallGroupFiguresDto = {
  groupCount: 2,
  sizes: [4, 4],
  fieldAverage: 18,
  fieldRange: 25,
  handicapSpread: 0.5,
  seededSpread: 0,
  spreadBound: 6.25,
  mixedGroups: 2,
  mixedGroupsPossible: 2,
  evenGroups: 2,
  evenGroupsPossible: 2,
  noHandicapMin: 0,
  noHandicapMax: 0,
  previousPairs: 0,
  repeatedPairs: 0,
  repeatedPairsAvoided: 0,
  repeatedOftenPairs: 0,
  togetherPairs: 0,
  togetherPairsApart: 0,
  blockedPairs: 0,
  blockedPairsTogether: 0,
};

describe('generationExplanation', () => {
  it('says when nobody has played together before', () => {
    expect(generationExplanation(base)).toEqual([
      'Ingen i fältet har delat bollgrupp med någon annan här under de senaste 12 månaderna.',
    ]);
  });

  it('says how many earlier pairings remain and why', () => {
    const [line] = generationExplanation({
      ...base,
      previousPairs: 12,
      repeatedPairs: 4,
      repeatedOftenPairs: 1,
    });
    expect(line).toContain('12 par har spelat i samma bollgrupp');
    expect(line).toContain('4 par spelar ihop igen (1 av dem flera gånger tidigare)');
    expect(line).toContain('gränsen 6,25');
    expect(generationExplanation({ ...base, previousPairs: 3 })[0]).toContain(
      'ingen av dem spelar ihop igen',
    );
  });

  it('reports requests to play together and blocked pairs', () => {
    const lines = generationExplanation({
      ...base,
      togetherPairs: 3,
      togetherPairsApart: 1,
      blockedPairs: 1,
    });
    expect(lines).toContain(
      '1 par av 3 par som ska spela tillsammans kunde inte placeras i samma bollgrupp (högst fyra per grupp).',
    );
    expect(lines).toContain('1 par som har blockerat varandra är i olika bollgrupper.');
    // Issue 30: golf-buddy matches count as requests, and the explanation says so.
    expect(lines).toContain(
      'Par som har matchat som golfkompisar i Vill ses igen räknas som önskemål om att spela tillsammans.',
    );
    expect(generationExplanation(base).join(' ')).not.toContain('golfkompisar');
  });
});
