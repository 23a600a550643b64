import { apiJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/newsletter {email}: signs the address up; a repeated address is not an error. The footer's form is
 * on every page, so its answer is not checked with zod (which would then be in the first bundle).
 */
export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (email: string) => apiJson<{ message: string }>('POST', '/api/newsletter', { email }),
  });
}
