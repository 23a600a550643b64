import { apiJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

const deletedSchema = z.object({ deleted: z.literal(true), endedPro: z.boolean(), message: z.string() });

/** DELETE /api/me with the confirmation: the account and its personal data are erased. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () =>
      apiJson('DELETE', '/api/me', { confirm: true }, import.meta.env.DEV ? deletedSchema : undefined),
  });
}
