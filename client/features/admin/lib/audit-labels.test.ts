import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditDetailsText } from './audit-labels';

describe('audit labels', () => {
  it('names known actions in Swedish and shows unknown ones as stored', () => {
    expect(auditActionLabel('event.update')).toBe('Ändrade event');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('writes the details as one readable line', () => {
    expect(auditDetailsText({ changed: ['title', 'price'] })).toBe('Fält: title, price');
    expect(auditDetailsText({ from: 'pending', to: 'paid', userId: 'u1' })).toBe('pending → paid');
    expect(auditDetailsText({ audience: 'all', recipients: 3, nested: { a: 1 } })).toBe(
      'audience: all, recipients: 3',
    );
    expect(auditDetailsText({})).toBe('');
  });
});
