import { describe, expect, it } from 'vitest';
import { formatNotificationTime, isSitePath, unreadLabel } from './notification-format';

describe('formatNotificationTime', () => {
  const now = new Date('2026-06-14T12:00:00Z'); // 14:00 in Stockholm
  it('names today and yesterday in Swedish time', () => {
    expect(formatNotificationTime('2026-06-14T06:05:00Z', now)).toBe('i dag 08:05');
    expect(formatNotificationTime('2026-06-13T21:59:00Z', now)).toBe('i går 23:59');
    expect(formatNotificationTime('2026-06-13T22:00:00Z', now)).toBe('i dag 00:00');
    expect(formatNotificationTime('2026-06-13T07:30:00Z', now)).toBe('i går 09:30');
  });
  it('gives the date for older notices, with the year only for another year', () => {
    expect(formatNotificationTime('2026-06-03T12:05:00Z', now)).toBe('3 juni 14:05');
    expect(formatNotificationTime('2025-12-24T12:00:00Z', now)).toBe('24 december 2025');
  });
});

describe('unreadLabel and isSitePath', () => {
  it('caps the count', () => {
    expect(unreadLabel(7)).toBe('7');
    expect(unreadLabel(120)).toBe('99+');
  });
  it('follows only paths of the site with the router', () => {
    expect(isSitePath('/events/12')).toBe(true);
    expect(isSitePath('//evil.example/')).toBe(false);
    expect(isSitePath('https://example.com/')).toBe(false);
  });
});
