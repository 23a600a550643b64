import { describe, expect, it } from 'vitest';
import { decisionRule, largestNearSameGroup, nearSame, normaliseMessage } from './moderation';

describe('decisionRule', () => {
  it('takes the chosen rule, else the one the reason points to, else none', () => {
    expect(decisionRule('harassment', 4)?.id).toBe(4);
    expect(decisionRule('spam')?.id).toBe(3);
    expect(decisionRule('underage')?.id).toBe(5);
    expect(decisionRule('other')).toBeNull();
    expect(decisionRule('other', 99)).toBeNull();
  });
});

describe('near-same messages', () => {
  it('ignores case, accents, punctuation and spacing', () => {
    expect(normaliseMessage('  Hej Åsa!!  Ses vi?')).toBe('hej asa ses vi');
    expect(nearSame('Hej! Vill du fika?', 'hej vill du FIKA')).toBe(true);
  });

  it('sees a template with a name swapped, not two different messages', () => {
    const a = 'Hej Anna, jag såg din profil och undrar om du vill spela en runda på Bro Hof i helgen';
    const b = 'Hej Karin, jag såg din profil och undrar om du vill spela en runda på Bro Hof i helgen';
    expect(nearSame(a, b)).toBe(true);
    expect(nearSame(a, 'Tack för senast! Vilken fin bana det var, hoppas vi ses på nästa evenemang')).toBe(
      false,
    );
    // Short different texts are never near-same by word pairs.
    expect(nearSame('Hej Anna', 'Hej Karin')).toBe(false);
  });

  it('finds the largest group of near-same messages', () => {
    const group = largestNearSameGroup([
      'Köp billiga klubbor på example.com nu',
      'Hej, hur gick rundan?',
      'köp billiga klubbor på example.com NU!',
      'Köp billiga klubbor på example.com nu.',
    ]);
    expect(group).toHaveLength(3);
    expect(largestNearSameGroup([])).toEqual([]);
  });
});
