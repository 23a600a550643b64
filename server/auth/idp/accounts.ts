/**
 * The built-in issuer's accounts: sign-up with a verified address (sign-up.ts), login and its waits
 * (login.ts), password reset and change (password-reset.ts), and what they share (accounts.shared.ts).
 * Re-exported here, where the routes and tests import them from.
 */
export { accountLinks, type LinkOutcome, normaliseEmail, storedReturnTo } from './accounts.shared';
export {
  authenticate,
  LOGIN_FAILURES_BEFORE_SPACING,
  LOGIN_FAILURES_BEFORE_WAIT,
  LOGIN_SPACING_CAP_SECONDS,
  LOGIN_WAIT_MINUTES,
  type LoginResult,
  sourceOf,
} from './login';
export {
  accountForLink,
  requestPasswordReset,
  resetPassword,
  setPassword,
} from './password-reset';
export { resendVerification, type SignupInput, signup, TERMS_REQUIRED, verifyEmail } from './sign-up';
