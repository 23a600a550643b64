import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import { type FullUser, profileUpdateSchema } from '@common/schemas/users';
import { Button, Card, Divider, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
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

  // The address in force changed elsewhere (a confirmed link): the field follows unless being edited.
  const shownEmail = useRef(user.email ?? '');
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    const next = user.email ?? '';
    if (next === shownEmail.current) return;
    if (getValues().email.trim().toLowerCase() === shownEmail.current.toLowerCase())
      setFieldValue('email', next);
    shownEmail.current = next;
  }, [user.email, getValues, setFieldValue]);

  const save = (values: ProfileFormValues) =>
    update.mutate(toProfileInput(values), {
      onSuccess: (saved) => {
        const kept = formValuesFromUser(saved);
        // A new address waits for its link: the field shows the one in force, the pending one below it.
        if (values.email.trim().toLowerCase() !== kept.email.toLowerCase())
          form.setFieldValue('email', kept.email);
        form.resetDirty(kept);
        if (saved.pendingEmail && saved.pendingEmail === values.email.trim().toLowerCase()) {
          toastSuccess(
            msg.profileUpdated,
            `Bekräfta din nya e-postadress med länken vi har skickat till ${saved.pendingEmail}. Tills dess gäller ${saved.email ?? 'den gamla'}.`,
          );
        } else toastSuccess(msg.profileUpdated);
      },
      onError: (err) => toastError(msg.profileUpdateFailed, apiErrorMessage(err)),
    });

  // Every message shows on its field at once; the first field in the page's order gets the focus, and a
  // short notice says how many need attention (issue 18: no single message in a toast).
  const invalid = (errors: typeof form.errors) => {
    const paths = Object.keys(errors).filter((k) => errors[k]);
    const nodes = paths
      .map((p) => form.getInputNode(p as never))
      .filter((n): n is HTMLElement => n instanceof HTMLElement);
    nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    nodes[0]?.scrollIntoView({ block: 'center' });
    nodes[0]?.focus();
    toastError(
      msg.validationFailed,
      paths.length === 1 ? 'Rätta det markerade fältet.' : `Rätta de ${paths.length} markerade fälten.`,
    );
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
          <PersonalAndGolfSections form={form} pendingEmail={user.pendingEmail} />
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
