import { apiErrorMessage, apiErrorStatus } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { PASSWORD_MIN } from '@common/limits';
import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { SECURITY_KEY, useChangePassword } from '../api/security';
import {
  emptyPasswordForm,
  type PasswordFormValues,
  passwordServerError,
  validatePasswordForm,
} from './security-helpers';

/**
 * 'Byt lösenord' (built-in login only): checked in the browser with the server's rule, the server's
 * messages shown on their field. The member's other sessions end; this one stays.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const form = useForm<PasswordFormValues>({
    mode: 'controlled',
    initialValues: emptyPasswordForm,
    validate: (values) => validatePasswordForm(values, email),
    validateInputOnBlur: ['newPassword', 'repeatPassword'],
  });

  const submit = (values: PasswordFormValues) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          toastSuccess('Lösenordet är bytt', 'Du har loggats ut på dina andra enheter.');
        },
        onError: (err) => {
          const onField = passwordServerError(err);
          if (onField) return form.setFieldError(onField.field, onField.message);
          toastError('Lösenordet kunde inte bytas', apiErrorMessage(err));
          // 404: the login is another issuer's after all; the section hides this form.
          if (apiErrorStatus(err) === 404) void queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
        },
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-labelledby="byt-losenord">
      <Stack gap="sm">
        <Title order={3} fz="md" id="byt-losenord">
          Byt lösenord
        </Title>
        <PasswordInput
          label="Nuvarande lösenord"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="Nytt lösenord"
          description={`Minst ${PASSWORD_MIN} tecken, med både bokstäver och siffror.`}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Upprepa nytt lösenord"
          autoComplete="new-password"
          {...form.getInputProps('repeatPassword')}
        />
        <Text size="xs" c="dimmed">
          När du byter lösenord loggas du ut på dina andra enheter.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Byt lösenord
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
