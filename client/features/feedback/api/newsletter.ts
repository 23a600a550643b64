import { apiJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

/** POST /api/newsletter {email}: signs the address up; a repeated address is not an error. */
export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson('POST', '/api/newsletter', { email }, z.object({ message: z.string() })),
  });
}
