import type { FullUser } from '@common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/current-user-query';

export interface AuthState {
  user: FullUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** The server's real Pro check (decisions.md), not "any logged-in user". */
  isPro: boolean;
  refetch: () => void;
}

/** Who is logged in, from GET /api/auth/session. */
export function useAuth(): AuthState {
  const { data, isLoading, refetch } = useQuery(currentUserQuery);
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    isAdmin: user?.role === 'admin',
    isPro: user?.isPro ?? false,
    refetch: () => void refetch(),
  };
}
