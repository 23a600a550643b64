import { describe, expect, it } from 'vitest';
import { isPaymentPath } from '../not-found-page';
import { isActivePath } from './nav-items';

describe('isActivePath', () => {
  it('matches Hem only on /', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/events', '/')).toBe(false);
  });

  it('matches a section and the pages under it', () => {
    expect(isActivePath('/events', '/events')).toBe(true);
    expect(isActivePath('/events/12', '/events')).toBe(true);
    expect(isActivePath('/eventsx', '/events')).toBe(false);
    expect(isActivePath('/messages/abc', '/messages')).toBe(true);
  });
});

describe('isPaymentPath', () => {
  it('spots payment and stripe in any case', () => {
    expect(isPaymentPath('/old-Payment/return')).toBe(true);
    expect(isPaymentPath('/STRIPE-callback')).toBe(true);
    expect(isPaymentPath('/nowhere')).toBe(false);
  });
});
