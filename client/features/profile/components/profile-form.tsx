import { apiErrorMessage } from '@client/lib/api';
import { msg } from '@common/messages';
import { type FullUser, profileUpdateSchema } from '@common/schemas/users';
import { Button, Card, Divider, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useUpdateProfile } from '../api/profile-api';
import { CompletenessBar } from './completeness-bar';
import {
  LookingForAndInterestsSections,
  PersonalAndGolfSections,
  PersonalDetailsSection,
} from './profile-form-sections';
import { formValuesFromUser, type ProfileFormValues, toProfileInput } from './profile-form-values';

/** Tab 'Min Profil': the profile form with every rule of spec §5, validated by the schema the server uses. */
export function ProfileForm({ user }: { user: FullUser }) {
  const update = useUpdateProfile(user.id);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: formValuesFromUser(user),
    validate: schemaResolver(profileUpdateSchema, { sync: true }),
  });

  const save = (values: ProfileFormValues) =>
    update.mutate(toProfileInput(values), {
      onSuccess: (saved) => {
        form.resetDirty(formValuesFromUser(saved));
        notifications.show({ color: 'golf', message: msg.profileUpdated });
      },
      onError: (err) =>
        notifications.show({ color: 'red', title: msg.profileUpdateFailed, message: apiErrorMessage(err) }),
    });

  const invalid = (errors: typeof form.errors) => {
    const first = Object.values(errors).find(Boolean);
    notifications.show({ color: 'red', title: msg.validationFailed, message: String(first ?? '') });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.onSubmit(save, invalid)} noValidate>
        <Stack gap="xl">
          <CompletenessBar
            fields={{
              ...form.values,
              profileImageId: user.profileImageId,
              profileImageUrl: user.profileImageUrl,
            }}
          />
          <PersonalAndGolfSections form={form} />
          <Divider />
          <PersonalDetailsSection form={form} />
          <Divider />
          <LookingForAndInterestsSections form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Spara ändringar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
