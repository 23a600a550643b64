import { ApiError } from '@client/lib/api';
import { describe, expect, it } from 'vitest';
import { cancelErrorMessage } from './billing-messages';

describe('cancelErrorMessage', () => {
  it('maps the server answers to the spec texts by their status', () => {
    expect(
      cancelErrorMessage(new ApiError(403, { message: 'Som admin kan du inte säga upp ditt medlemskap' })),
    ).toBe('Som admin kan du inte säga upp ditt medlemskap');
    expect(
      cancelErrorMessage(new ApiError(404, { message: 'Ingen aktiv prenumeration hittades att säga upp' })),
    ).toBe('Ingen aktiv prenumeration hittades att säga upp');
    expect(cancelErrorMessage(new ApiError(500, { message: 'Ett oväntat fel uppstod' }))).toBe(
      'Ett fel uppstod vid uppsägning av prenumerationen',
    );
    expect(cancelErrorMessage('network')).toBe('Ett fel uppstod vid uppsägning av prenumerationen');
  });

  it('does not read the wording: a reworded or missing message maps the same', () => {
    expect(cancelErrorMessage(new ApiError(403, null, 'Forbidden'))).toBe(
      'Som admin kan du inte säga upp ditt medlemskap',
    );
    expect(cancelErrorMessage(new ApiError(404, { message: 'No active subscription' }))).toBe(
      'Ingen aktiv prenumeration hittades att säga upp',
    );
    expect(cancelErrorMessage(new ApiError(502, { message: 'admin' }))).toBe(
      'Ett fel uppstod vid uppsägning av prenumerationen',
    );
  });
});
