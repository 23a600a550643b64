import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import type { FullUser } from '@common/schemas/users';
import { Button, Card, Divider, Group, Stack } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { type FormEvent, useEffect, useRef } from 'react';
import { useUpdateProfile } from '../api/profile-api';
import { CompletenessBar } from './completeness-bar';
import {
  LookingForAndInterestsSections,
  PersonalAndGolfSections,
  PersonalDetailsSection,
} from './profile-form-sections';
import { formValuesFromUser, type ProfileFormValues, toProfileInput } from './profile-form-values';

/**
 * The form's rules: the schema the server uses, with zod under it (about 90 kB of script), loaded when the
 * member first goes into the form or saves, not with the page (issue 33: it was a long task of its own
 * while a phone started the profile, and after it when loaded once the page was idle).
 */
let profileRules: ((values: ProfileFormValues) => FormErrors) | undefined;
const loadProfileRules = () =>
  import('@common/schemas/users').then((m) => {
    profileRules ??= schemaResolver(m.profileUpdateSchema, { sync: true });
  });

/** Tab 'Min Profil': the profile form with every rule of spec §5, validated by the schema the server uses. */
export function ProfileForm({ user }: { user: FullUser }) {
  const update = useUpdateProfile(user.id);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: formValuesFromUser(user),
    // Used at a save, which waits for the rules first (submit below).
    validate: (values) => profileRules?.(values) ?? {},
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void loadProfileRules().then(() => form.onSubmit(save, invalid)());
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} onFocus={() => void loadProfileRules()} noValidate>
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
