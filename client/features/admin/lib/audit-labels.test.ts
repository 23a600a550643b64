import type { AuditEntry } from '@common/schemas/audit';
import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditDetailsText, auditTargetText } from './audit-labels';

describe('audit labels', () => {
  it('names known actions in Swedish and shows unknown ones as stored', () => {
    expect(auditActionLabel('event.update')).toBe('Ändrade evenemang');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('writes the details as one readable line in Swedish, without raw keys or ids', () => {
    expect(auditDetailsText({ changed: ['title', 'payOnline'] })).toBe('Ändrade: Namn, Betala online');
    expect(auditDetailsText({ changed: ['image', 'imageId', 'newField'] })).toBe('Ändrade: Bild, newField');
    expect(auditDetailsText({ changed: [] })).toBe('Inga fält ändrades');
    expect(auditDetailsText({ from: 'pending', to: 'paid', userId: 'u1' })).toBe('Väntande → Betald');
    expect(auditDetailsText({ from: 'free', to: 'pro' })).toBe('Gratis → Pro');
    expect(
      auditDetailsText({ audience: 'registered', recipients: 10, postedToChat: false, announcementId: 4 }),
    ).toBe('Mottagare: Anmälda, Antal mottagare: 10, I gruppchatten: nej');
    expect(auditDetailsText({ list: 'participants', format: 'csv', rows: 12 })).toBe(
      'Lista: Deltagarlista, Format: CSV, Rader: 12',
    );
    expect(auditDetailsText({ list: 'start-list', format: 'pdf' })).toBe('Lista: Startlista, Format: PDF');
    expect(auditDetailsText({ eventId: 5, userId: 'u', amount: 3450, providerRefundId: 're_1' })).toBe(
      'Belopp: 3\u00a0450 kr',
    );
    expect(auditDetailsText({ audience: 'all', nested: { a: 1 } })).toBe(
      'Mottagare: Alla anmälda och på reservlistan',
    );
    expect(auditDetailsText({})).toBe('');
  });

  it('names the target: the event by its title, a member by name, never a bare id when a name is known', () => {
    const entry = (e: Partial<AuditEntry>): AuditEntry => ({
      id: 1,
      action: 'event.update',
      actorId: 'a',
      actorName: 'Anna',
      targetType: 'event',
      targetId: '5',
      targetName: null,
      eventTitle: null,
      details: {},
      createdAt: '2026-06-01T10:00:00Z',
      ...e,
    });
    expect(auditTargetText(entry({ eventTitle: 'Afterwork på Bro Hof' }))).toBe('Afterwork på Bro Hof');
    expect(auditTargetText(entry({ details: { title: 'Borttagen runda' } }))).toBe('Borttagen runda');
    expect(auditTargetText(entry({}))).toBe('Evenemang 5');
    expect(auditTargetText(entry({ targetType: 'user', targetId: 'u1', targetName: 'Bo Ek' }))).toBe('Bo Ek');
    expect(
      auditTargetText(entry({ targetType: 'registration', targetId: '9', eventTitle: 'Resa till Spanien' })),
    ).toBe('Anmälan, Resa till Spanien');
  });
});
