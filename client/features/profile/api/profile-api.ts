import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import { apiJson } from '@client/lib/api';
import { uploadImage } from '@client/lib/upload-image';
import type { UserRegistration } from '@common/schemas/registrations';
import type { FullUser, ProfileInput } from '@common/schemas/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const USERS_KEY = '/api/users';

/** PUT /api/users/{id}: saves the profile form; the answer is the updated member. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiJson<FullUser>('PUT', `/api/users/${encodeURIComponent(userId)}`, input),
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
    },
  });
}

/** Uploads a new avatar, then PATCH /api/users/{id}/profile-image; the header shows it at once. */
export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const profileImageId = (await uploadImage(file, 'profile', userId)).id;
      return apiJson<FullUser>('PATCH', `/api/users/${encodeURIComponent(userId)}/profile-image`, {
        profileImageId,
      });
    },
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
    },
  });
}

/** GET /api/users/{id}/registrations: the member's registrations, each with its event. */
export const userRegistrationsQuery = (userId: string) =>
  queryOptions<UserRegistration[]>({ queryKey: [USERS_KEY, userId, 'registrations'] });

export function useUserRegistrations(userId: string) {
  return useQuery(userRegistrationsQuery(userId));
}
