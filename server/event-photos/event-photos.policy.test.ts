import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/auth.policy';
import {
  canDeletePhoto,
  canReportPhoto,
  canSeeEventPhotos,
  canSeePhoto,
  isPhotoParticipant,
  photoUploadRefusal,
} from './event-photos.policy';

const member: Actor = { id: 'm1', role: 'member' };
const admin: Actor = { id: 'a1', role: 'admin' };
const now = new Date('2026-06-01T10:00:00Z');

describe('trip photo rules', () => {
  it('counts registered and checked-in members as participants, never the waitlist or an offer', () => {
    expect(isPhotoParticipant({ status: 'registered', attendance: null })).toBe(true);
    expect(isPhotoParticipant({ status: 'registered', attendance: 'present' })).toBe(true);
    expect(isPhotoParticipant({ status: 'waitlisted', attendance: 'present' })).toBe(true);
    expect(isPhotoParticipant({ status: 'waitlisted', attendance: null })).toBe(false);
    expect(isPhotoParticipant({ status: 'offered', attendance: null })).toBe(false);
    expect(isPhotoParticipant(undefined)).toBe(false);
  });

  it('shows photos to participants and admins', () => {
    expect(canSeeEventPhotos(member, true)).toBe(true);
    expect(canSeeEventPhotos(member, false)).toBe(false);
    expect(canSeeEventPhotos(admin, false)).toBe(true);
  });

  it('takes uploads from participants from the start on', () => {
    const started = { startTime: new Date(now.getTime() - 1) };
    const later = { startTime: new Date(now.getTime() + 60_000) };
    expect(photoUploadRefusal(true, started, now)).toBeNull();
    expect(photoUploadRefusal(true, { startTime: now }, now)).toBeNull();
    expect(photoUploadRefusal(true, later, now)).toBe('beforeStart');
    expect(photoUploadRefusal(false, started, now)).toBe('notParticipant');
  });

  it('lets the uploader and admins delete, and everyone else report', () => {
    expect(canDeletePhoto(member, { uploadedBy: 'm1' })).toBe(true);
    expect(canDeletePhoto(member, { uploadedBy: 'm2' })).toBe(false);
    expect(canDeletePhoto(admin, { uploadedBy: 'm2' })).toBe(true);
    expect(canReportPhoto(member, { uploadedBy: 'm1' })).toBe(false);
    expect(canReportPhoto(member, { uploadedBy: 'm2' })).toBe(true);
  });

  it('shows one photo’s image as the gallery does, to its uploader and admins always', () => {
    const seen = { uploadedBy: 'm2', participant: true, blocked: false, reported: false };
    expect(canSeePhoto(member, seen)).toBe(true);
    expect(canSeePhoto(null, seen)).toBe(false);
    expect(canSeePhoto(member, { ...seen, participant: false })).toBe(false);
    expect(canSeePhoto(member, { ...seen, blocked: true })).toBe(false);
    expect(canSeePhoto(member, { ...seen, reported: true })).toBe(false);
    const hidden = { uploadedBy: 'm1', participant: false, blocked: true, reported: true };
    expect(canSeePhoto(member, hidden)).toBe(true); // m1's own photo
    expect(canSeePhoto(admin, hidden)).toBe(true);
  });
});
