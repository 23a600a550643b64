import type { Notification, NotificationList } from '@common/schemas/notifications';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyPushedNotification, BELL_NOTIFICATIONS, RECENT_NOTIFICATIONS_KEY } from './notifications-api';

const notice = (i: number, readAt: string | null = null): Notification => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  type: 'direct_message',
  title: `Notis ${i}`,
  body: '',
  url: '/messages',
  createdAt: new Date(2026, 0, i).toISOString(),
  readAt,
});

function bellWith(items: Notification[], unread: number) {
  const qc = new QueryClient();
  qc.setQueryData<NotificationList>(RECENT_NOTIFICATIONS_KEY, { items, unread });
  return { qc, bell: () => qc.getQueryData<NotificationList>(RECENT_NOTIFICATIONS_KEY) };
}

describe('applyPushedNotification', () => {
  it('puts a new notice on top, counts it and keeps the bell at 8', () => {
    const items = Array.from({ length: BELL_NOTIFICATIONS }, (_, i) => notice(i + 1, 'read'));
    const { qc, bell } = bellWith(items, 0);
    applyPushedNotification(qc, notice(99));
    expect(bell()?.unread).toBe(1);
    expect(bell()?.items[0]?.title).toBe('Notis 99');
    expect(bell()?.items).toHaveLength(BELL_NOTIFICATIONS);
  });

  it('replaces an unread notice with the same id without counting it twice', () => {
    const { qc, bell } = bellWith([notice(2), notice(1)], 2);
    applyPushedNotification(qc, { ...notice(1), title: 'Två nya meddelanden' });
    expect(bell()?.unread).toBe(2);
    expect(bell()?.items.map((n) => n.title)).toEqual(['Två nya meddelanden', 'Notis 2']);
  });

  it('counts a read notice that comes back unread', () => {
    const { qc, bell } = bellWith([notice(1, 'read')], 0);
    applyPushedNotification(qc, notice(1));
    expect(bell()?.unread).toBe(1);
  });

  it('leaves a bell that was never loaded alone', () => {
    const qc = new QueryClient();
    applyPushedNotification(qc, notice(1));
    expect(qc.getQueryData(RECENT_NOTIFICATIONS_KEY)).toBeUndefined();
  });
});
