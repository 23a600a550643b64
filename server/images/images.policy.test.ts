import { describe, expect, it } from 'vitest';
import { canAttachImage, canViewImage, imageAttachRefusal } from './images.policy';

const admin = { id: 'a', role: 'admin' as const };
const member = { id: 'm', role: 'member' as const };
const other = { id: 'o', role: 'member' as const };

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
    expect(canAttachImage(admin, 'profile', 'x')).toBe(true);
  });

  it('a pending image is attached only by its uploader, admins included', () => {
    const pendingOfMember = { entityId: 'pending', uploadedBy: 'm' };
    expect(imageAttachRefusal(member, pendingOfMember, 'm')).toBeNull();
    expect(imageAttachRefusal(other, pendingOfMember, 'o')).toBe('notYours');
    expect(imageAttachRefusal(admin, pendingOfMember, 'm')).toBe('notYours');
    expect(imageAttachRefusal(admin, { entityId: 'pending', uploadedBy: 'a' }, '12')).toBeNull();
    // No known uploader (older rows, deleted account): nobody.
    expect(imageAttachRefusal(member, { entityId: 'pending', uploadedBy: null }, 'm')).toBe('notYours');
  });

  it('an attached image stays with its entity: re-selecting is fine, elsewhere is refused', () => {
    const membersAvatar = { entityId: 'm', uploadedBy: 'm' };
    expect(imageAttachRefusal(member, membersAvatar, 'm')).toBeNull();
    expect(imageAttachRefusal(admin, membersAvatar, 'm')).toBeNull();
    expect(imageAttachRefusal(member, { entityId: 'o', uploadedBy: 'm' }, 'm')).toBe('inUse');
    expect(imageAttachRefusal(admin, { entityId: '12', uploadedBy: 'a' }, '13')).toBe('inUse');
  });

  it('attached images are public; a pending one only its uploader sees', () => {
    expect(canViewImage(null, { entityId: '12', uploadedBy: 'a' })).toBe(true);
    expect(canViewImage(null, { entityId: 'm', uploadedBy: null })).toBe(true);
    expect(canViewImage(member, { entityId: 'pending', uploadedBy: 'm' })).toBe(true);
    expect(canViewImage(other, { entityId: 'pending', uploadedBy: 'm' })).toBe(false);
    expect(canViewImage(admin, { entityId: 'pending', uploadedBy: 'm' })).toBe(false);
    expect(canViewImage(null, { entityId: 'pending', uploadedBy: 'm' })).toBe(false);
    expect(canViewImage(member, { entityId: 'pending', uploadedBy: null })).toBe(false);
  });
});
