import { apiJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

/** DELETE /api/me with the confirmation: the account and its personal data are erased. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () =>
      apiJson(
        'DELETE',
        '/api/me',
        { confirm: true },
        // Made here, in development only: a schema at the module's top would bring zod to the profile page.
        import.meta.env.DEV
          ? z.object({ deleted: z.literal(true), endedPro: z.boolean(), message: z.string() })
          : undefined,
      ),
  });
}
