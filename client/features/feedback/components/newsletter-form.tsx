import { apiErrorMessage } from '@client/lib/api';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNewsletterSignup } from '../api/newsletter';

const THANKS = 'Tack! Du är nu anmäld till vårt nyhetsbrev.';

/** Footer newsletter sign-up: a required e-mail field; POST /api/newsletter, then a Swedish thank-you. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const signup = useNewsletterSignup();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signup.mutate(email.trim(), { onSuccess: () => setEmail('') });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <TextInput
          type="email"
          required
          aria-label="E-postadress för nyhetsbrev"
          placeholder="Din e-postadress"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={signup.isPending} variant="white" color="golf.9">
          Prenumerera
        </Button>
      </Stack>
      <div aria-live="polite">
        {signup.isSuccess && (
          <Text size="sm" mt="xs" c="golf.2">
            {THANKS}
          </Text>
        )}
        {signup.isError && (
          <Text size="sm" mt="xs" c="red.3">
            {apiErrorMessage(signup.error, 'Kunde inte anmäla adressen. Försök igen.')}
          </Text>
        )}
      </div>
    </form>
  );
}
