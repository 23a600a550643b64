import { apiRequest } from '@client/lib/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyPasswordForm,
  type PasswordFormValues,
  passwordServerError,
  pendingEmailText,
  validatePasswordForm,
} from './security-helpers';

const EMAIL = 'vera.svensson@example.se';
const form = (v: Partial<PasswordFormValues>): PasswordFormValues => ({ ...emptyPasswordForm, ...v });

describe('validatePasswordForm', () => {
  it('asks for every field of an empty form', () => {
    expect(validatePasswordForm(emptyPasswordForm, EMAIL)).toEqual({
      currentPassword: 'Ange ditt nuvarande lösenord',
      newPassword: 'Ange ett nytt lösenord',
      repeatPassword: 'Upprepa det nya lösenordet',
    });
  });

  it('applies the shared password rule to the new password', () => {
    const base = { currentPassword: 'gammalt123' };
    expect(
      validatePasswordForm(form({ ...base, newPassword: 'kort1', repeatPassword: 'kort1' }), EMAIL),
    ).toEqual({ newPassword: 'Lösenordet måste vara minst 8 tecken.' });
    expect(
      validatePasswordForm(
        form({ ...base, newPassword: 'baraBokstaver', repeatPassword: 'baraBokstaver' }),
        EMAIL,
      ),
    ).toEqual({ newPassword: 'Lösenordet måste innehålla både bokstäver och siffror.' });
    expect(
      validatePasswordForm(
        form({ ...base, newPassword: 'Vera.Svensson9', repeatPassword: 'Vera.Svensson9' }),
        EMAIL,
      ),
    ).toEqual({ newPassword: 'Lösenordet får inte innehålla din e-postadress.' });
  });

  it('wants the repeat to match and the new password to differ from the current one', () => {
    expect(
      validatePasswordForm(
        form({ currentPassword: 'gammalt123', newPassword: 'nyttgolf26', repeatPassword: 'nyttgolf27' }),
        EMAIL,
      ),
    ).toEqual({ repeatPassword: 'Lösenorden är inte likadana.' });
    expect(
      validatePasswordForm(
        form({ currentPassword: 'birdie2026', newPassword: 'birdie2026', repeatPassword: 'birdie2026' }),
        EMAIL,
      ),
    ).toEqual({ newPassword: 'Välj ett annat lösenord än det nuvarande.' });
  });

  it('accepts a good change', () => {
    expect(
      validatePasswordForm(
        form({ currentPassword: 'birdie2026', newPassword: 'eagle2027x', repeatPassword: 'eagle2027x' }),
        EMAIL,
      ),
    ).toEqual({});
  });
});

describe('passwordServerError', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The error apiRequest throws for this answer. */
  async function errorFor(status: number, body: string): Promise<unknown> {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response(body, { status }));
    return apiRequest('POST', '/api/me/password', {}).then(
      () => {
        throw new Error('expected a failure');
      },
      (err: unknown) => err,
    );
  }

  it('puts the message on the field the server names', async () => {
    expect(
      passwordServerError(
        await errorFor(400, JSON.stringify({ message: 'Fel lösenord', field: 'currentPassword' })),
      ),
    ).toEqual({ field: 'currentPassword', message: 'Fel lösenord' });
    expect(
      passwordServerError(
        await errorFor(
          400,
          JSON.stringify({ message: 'Lösenordet är för lätt att gissa.', field: 'newPassword' }),
        ),
      ),
    ).toEqual({ field: 'newPassword', message: 'Lösenordet är för lätt att gissa.' });
  });

  it('without a field: a wrong password is the current one, anything else the new one', async () => {
    expect(passwordServerError(await errorFor(400, JSON.stringify({ message: 'Fel lösenord' })))).toEqual({
      field: 'currentPassword',
      message: 'Fel lösenord',
    });
    expect(
      passwordServerError(
        await errorFor(400, JSON.stringify({ message: 'Lösenordet måste vara minst 8 tecken.' })),
      ),
    ).toEqual({ field: 'newPassword', message: 'Lösenordet måste vara minst 8 tecken.' });
  });

  it('leaves other statuses to a toast', async () => {
    expect(
      passwordServerError(await errorFor(404, JSON.stringify({ message: 'Inget lösenord' }))),
    ).toBeNull();
    expect(passwordServerError(await errorFor(429, 'För många försök'))).toBeNull();
    expect(passwordServerError(new Error('nätverket föll bort'))).toBeNull();
  });
});

describe('pendingEmailText', () => {
  it('names the new address', () => {
    expect(pendingEmailText('ny@example.se')).toBe(
      'Väntar på bekräftelse: ny@example.se – vi har skickat en länk dit',
    );
  });
});
