import { apiJson, apiRequest } from '@client/lib/api';
import type { Passkey } from '@common/schemas/account';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query key of GET /api/me/passkeys; every passkey change invalidates it. */
export const PASSKEYS_KEY = ['/api/me/passkeys'] as const;

/** GET /api/me/passkeys: the member's passkeys (404 when logging in through another issuer). */
export const passkeysQuery = queryOptions<Passkey[]>({
  queryKey: PASSKEYS_KEY,
  // A 404 (no passkeys with an external issuer) is an answer, not a hiccup to retry.
  retry: false,
});

/** The member's passkeys. */
export function usePasskeys(enabled = true) {
  return useQuery({ ...passkeysQuery, enabled });
}

/**
 * 'Lägg till nyckel': registration options from the server, the browser's ceremony (SimpleWebAuthn
 * loaded only now, as its own chunk), then the answer to the server with the chosen name.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await apiJson<PublicKeyCredentialCreationOptionsJSON>(
        'POST',
        '/api/me/passkeys/options',
      );
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON });
      return apiJson<Passkey>('POST', '/api/me/passkeys', { name, response });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

/** PATCH /api/me/passkeys/{id}: a new name. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiJson<Passkey>('PATCH', `/api/me/passkeys/${encodeURIComponent(id)}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

/** DELETE /api/me/passkeys/{id}. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/me/passkeys/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
