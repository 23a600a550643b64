import { ApiError, apiErrorMessage } from '@client/lib/api';
import { passwordWeakness } from '@common/rules/password';

/** The 'Byt lösenord' form's values. */
export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

export type PasswordField = keyof PasswordFormValues;

export const emptyPasswordForm: PasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  repeatPassword: '',
};

/** The notice under the address while a new one waits for its link. */
export const pendingEmailText = (pendingEmail: string) =>
  `Väntar på bekräftelse: ${pendingEmail} – vi har skickat en länk dit`;

/**
 * The client's check of the 'Byt lösenord' form, with the same rule as the server
 * (`passwordWeakness`, against the address in force): one message per field, or none.
 */
export function validatePasswordForm(
  values: PasswordFormValues,
  email: string,
): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (!values.currentPassword) errors.currentPassword = 'Ange ditt nuvarande lösenord';
  const weakness = passwordWeakness(values.newPassword, email);
  if (!values.newPassword) errors.newPassword = 'Ange ett nytt lösenord';
  else if (weakness) errors.newPassword = weakness;
  else if (values.currentPassword && values.newPassword === values.currentPassword) {
    errors.newPassword = 'Välj ett annat lösenord än det nuvarande.';
  }
  if (!values.repeatPassword) errors.repeatPassword = 'Upprepa det nya lösenordet';
  else if (values.repeatPassword !== values.newPassword)
    errors.repeatPassword = 'Lösenorden är inte likadana.';
  return errors;
}

/**
 * Where the server's 400 answer to POST /api/me/password belongs: the field it names (`field`), else
 * the current password for 'Fel lösenord' and the new one for anything else. Null for other errors
 * (shown as a toast).
 */
export function passwordServerError(error: unknown): { field: PasswordField; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const message = apiErrorMessage(error);
  const field = error.body?.field;
  if (field === 'currentPassword' || field === 'newPassword') return { field, message };
  return { field: message === 'Fel lösenord' ? 'currentPassword' : 'newPassword', message };
}
