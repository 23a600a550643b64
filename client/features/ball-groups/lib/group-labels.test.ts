import { msg } from '@common/messages';
import { describe, expect, it } from 'vitest';
import { publishButtonLabel, publishedWhen } from './group-labels';

describe('the ball groups publish button', () => {
  it("says 'Publicera bollgrupper' before the groups are published", () => {
    expect(publishButtonLabel(null)).toBe(msg.groupsPublish);
    expect(msg.groupsPublish).toBe('Publicera bollgrupper');
  });

  it('says when they were published, in Swedish time, and offers to publish again', () => {
    // 07:30 UTC in June is 09:30 in Sweden (summer time); 23:15 UTC on 31 December is 00:15 on 1 January.
    expect(publishButtonLabel('2025-06-14T07:30:00.000Z')).toBe(
      'Publicerade 14 juni 2025 kl. 09:30 – publicera igen',
    );
    expect(publishedWhen('2025-12-31T23:15:00.000Z')).toBe('1 januari 2026 kl. 00:15');
  });
});
