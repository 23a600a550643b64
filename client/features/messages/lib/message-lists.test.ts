import type { Conversation } from '@common/schemas/messages';
import type { MemberListItem } from '@common/schemas/users';
import { describe, expect, it } from 'vitest';
import { filterConversations } from '../components/conversation-list';
import { matchesMemberSearch } from '../components/new-message-dialog';
import { formatListDate, formatThreadTime } from './message-format';
import { readSoundPreference, writeSoundPreference } from './sound-preference';

const conv = (firstName: string, lastName: string, content: string) =>
  ({
    user: { id: firstName, firstName, lastName, fullName: `${firstName} ${lastName}` },
    messages: [{ content }],
  }) as unknown as Conversation;

describe('messages page helpers', () => {
  it('searches conversations by name and latest text, ignoring case', () => {
    const list = [conv('Åsa', 'Ek', 'Ses på rangen'), conv('Bo', 'Lind', 'Hej!')];
    expect(filterConversations(list, 'åsa').map((c) => c.user.id)).toEqual(['Åsa']);
    expect(filterConversations(list, 'RANGEN').map((c) => c.user.id)).toEqual(['Åsa']);
    expect(filterConversations(list, '  ')).toHaveLength(2);
  });

  it('matches members on first name, last name or (when visible) e-mail', () => {
    const m = { id: '1', firstName: 'Greta', lastName: 'Golf', fullName: null, email: 'gg@example.se' };
    expect(matchesMemberSearch(m as unknown as MemberListItem, 'golf')).toBe(true);
    expect(matchesMemberSearch(m as unknown as MemberListItem, 'gg@')).toBe(true);
    expect(matchesMemberSearch(m as unknown as MemberListItem, 'per')).toBe(false);
  });

  it("formats dates as 'MMM d' and 'MMM d, h:mm a' in Swedish time", () => {
    expect(formatListDate('2026-06-14T08:05:00Z')).toBe('14 jun');
    expect(formatThreadTime('2026-06-14T08:05:00Z')).toBe('14 jun 10:05');
  });

  it('has sound on by default and remembers the choice', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(readSoundPreference(storage)).toBe(true);
    writeSoundPreference(false, storage);
    expect(readSoundPreference(storage)).toBe(false);
    writeSoundPreference(true, storage);
    expect(readSoundPreference(storage)).toBe(true);
  });
});
