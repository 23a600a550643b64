import type { BallGroupFiguresDto } from '@common/schemas/ball-groups';

const pairs = (n: number) => (n === 1 ? '1 par' : `${n} par`);

/**
 * What the latest generation did about history and requests, in sentences for the manager: how many
 * earlier pairings remain and why, and whether every request to play together was met.
 */
export function generationExplanation(f: BallGroupFiguresDto): string[] {
  const lines: string[] = [];
  if (f.previousPairs === 0) {
    lines.push('Ingen i fältet har delat bollgrupp med någon annan här under de senaste 12 månaderna.');
  } else if (f.repeatedPairs === 0) {
    lines.push(
      `${pairs(f.previousPairs)} har spelat i samma bollgrupp under de senaste 12 månaderna; ingen av dem spelar ihop igen.`,
    );
  } else {
    const often = f.repeatedOftenPairs > 0 ? ` (${f.repeatedOftenPairs} av dem flera gånger tidigare)` : '';
    lines.push(
      `${pairs(f.previousPairs)} har spelat i samma bollgrupp under de senaste 12 månaderna; ${pairs(f.repeatedPairs)} spelar ihop igen${often}. Fler gick inte att skilja åt utan att göra grupperna ojämnare i handicap än gränsen ${f.spreadBound.toLocaleString('sv-SE')} eller mindre blandade.`,
    );
  }
  if (f.togetherPairs > 0) {
    lines.push(
      f.togetherPairsApart === 0
        ? `Alla ${pairs(f.togetherPairs)} som ska spela tillsammans är i samma bollgrupp.`
        : `${pairs(f.togetherPairsApart)} av ${pairs(f.togetherPairs)} som ska spela tillsammans kunde inte placeras i samma bollgrupp (högst fyra per grupp).`,
    );
    // Issue 30: golf buddies of 'Vill ses igen' are counted with the requests (never named here).
    lines.push(
      'Par som har matchat som golfkompisar i Vill ses igen räknas som önskemål om att spela tillsammans.',
    );
  }
  if (f.blockedPairs > 0) {
    lines.push(
      f.blockedPairsTogether === 0
        ? `${pairs(f.blockedPairs)} som har blockerat varandra är i olika bollgrupper.`
        : `${pairs(f.blockedPairsTogether)} som har blockerat varandra gick inte att skilja åt.`,
    );
  }
  return lines;
}
