import { describe, expect, it } from 'vitest';
import { canAttachImage, canMoveImage } from './images.policy';

const admin = { id: 'a', role: 'admin' as const };
const member = { id: 'm', role: 'member' as const };

describe('image policies', () => {
  it('event images are the admins', () => {
    expect(canAttachImage(admin, 'event', 'pending')).toBe(true);
    expect(canAttachImage(member, 'event', 'pending')).toBe(false);
    expect(canAttachImage(null, 'profile', 'pending')).toBe(false);
  });
  it('a profile image belongs to its member', () => {
    expect(canAttachImage(member, 'profile', 'm')).toBe(true);
    expect(canAttachImage(member, 'profile', 'pending')).toBe(true);
    expect(canAttachImage(member, 'profile', 'x')).toBe(false);
    expect(canMoveImage(member, { entityType: 'profile', entityId: 'pending' }, 'm')).toBe(true);
    expect(canMoveImage(member, { entityType: 'profile', entityId: 'x' }, 'm')).toBe(false);
    expect(canMoveImage(member, { entityType: 'profile', entityId: 'm' }, 'x')).toBe(false);
    expect(canMoveImage(member, { entityType: 'event', entityId: 'pending' }, '1')).toBe(false);
    expect(canMoveImage(admin, { entityType: 'event', entityId: 'pending' }, '1')).toBe(true);
  });
});
