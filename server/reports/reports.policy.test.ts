import { describe, expect, it } from 'vitest';
import { canModerate, canReport, canSuspend } from './reports.policy';

const member = { id: 'm', role: 'member' as const };
const admin = { id: 'a', role: 'admin' as const };

describe('reports policy', () => {
  it('lets members report others, not themselves', () => {
    expect(canReport(member, 'x')).toBe(true);
    expect(canReport(member, 'm')).toBe(false);
    expect(canReport(member, null)).toBe(true);
  });

  it('leaves moderation to admins and never suspends an admin', () => {
    expect(canModerate(admin)).toBe(true);
    expect(canModerate(member)).toBe(false);
    expect(canSuspend({ role: 'member' })).toBe(true);
    expect(canSuspend({ role: 'admin' })).toBe(false);
    expect(canSuspend(undefined)).toBe(false);
  });
});
