import { apiJson, getQueryFn } from '@client/lib/api';
import {
  startImmediatelySchema,
  type WithdrawalStatusResponse,
  withdrawalDoneSchema,
  withdrawalStatusSchema,
} from '@common/schemas/withdrawal';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshMembership } from './billing-api';

export const WITHDRAWAL_KEY = ['/api/billing/withdrawal'] as const;

/** GET /api/billing/withdrawal: whether 'Ångra köpet' applies now, until when and the refund. */
export function useWithdrawalStatus(enabled = true) {
  return useQuery({
    queryKey: WITHDRAWAL_KEY,
    queryFn: getQueryFn<WithdrawalStatusResponse>({
      on401: 'throw',
      schema: import.meta.env.DEV ? withdrawalStatusSchema : undefined,
    }),
    enabled,
  });
}

/** POST /api/billing/withdrawal { confirm: true }: the second step. */
export function useWithdraw() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: () =>
      apiJson(
        'POST',
        '/api/billing/withdrawal',
        { confirm: true },
        import.meta.env.DEV ? withdrawalDoneSchema : undefined,
      ),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/billing/start-immediately: /subscribe's 'Pro börjar direkt' checkbox. */
export function useSetStartImmediately() {
  return useMutation({
    mutationFn: (startImmediately: boolean) =>
      apiJson(
        'PUT',
        '/api/billing/start-immediately',
        { startImmediately },
        import.meta.env.DEV ? startImmediatelySchema : undefined,
      ),
  });
}
