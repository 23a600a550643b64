import {
  AGE_MAX,
  AGE_MIN,
  HANDICAP_MAX,
  HANDICAP_MIN,
  LOOKING_FOR_MIN,
  MEETUP_INTERESTS_MIN,
} from '@common/limits';
import { msg } from '@common/messages';
import {
  CIVIL_STATUS_LABELS,
  CIVIL_STATUSES_IN_FORM,
  GENDER_LABELS,
  GENDERS,
  LOOKING_FOR,
  MEETUP_INTERESTS,
} from '@common/options';
import { ageFromBirthDate, isIsoDate } from '@common/rules/age';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { OptionChips } from './option-chips';
import type { ProfileFormValues } from './profile-form-values';
import { pendingEmailText } from './security-helpers';

type Form = UseFormReturnType<ProfileFormValues>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The id of the profile form's address field ('Byt e-postadress' in 'Säkerhet' leads there). */
export const PROFILE_EMAIL_INPUT_ID = 'profile-email';

/** 'Personlig information' and 'Golfinformation'; `pendingEmail`: a new address waiting for its link. */
export function PersonalAndGolfSections({
  form,
  pendingEmail,
}: {
  form: Form;
  pendingEmail?: string | null;
}) {
  return (
    <>
      <Section title="Personlig information">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Förnamn" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Efternamn" autoComplete="family-name" {...form.getInputProps('lastName')} />
          <TextInput label="Användarnamn" autoComplete="username" {...form.getInputProps('username')} />
          <TextInput
            id={PROFILE_EMAIL_INPUT_ID}
            label="E-post"
            type="email"
            autoComplete="email"
            withAsterisk
            description={pendingEmail ? pendingEmailText(pendingEmail) : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
      </Section>
      <Section title="Golfinformation">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {/* Text, not a number field: a pasted '18.4' stays 18,4 and a value out of range gets its message
              instead of being changed silently (issue 18). */}
          <TextInput
            label="Handicap"
            description={`T.ex. 18,4, eller +1,4 för plushandicap (+${-HANDICAP_MIN} till ${HANDICAP_MAX})`}
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('handicap')}
          />
          <TextInput label="Golf-ID" withAsterisk {...form.getInputProps('golfId')} />
          <TextInput label="Klubb" withAsterisk {...form.getInputProps('club')} />
        </SimpleGrid>
        <Checkbox
          label="Golfstar-medlem"
          {...form.getInputProps('hasGolfstarMembership', { type: 'checkbox' })}
        />
        <Checkbox label="Golfamore-kort" {...form.getInputProps('hasGolfamoreCard', { type: 'checkbox' })} />
      </Section>
    </>
  );
}

/** 'Personliga uppgifter': gender, birth date (age derived), civil status, children, profession, location, dream. */
export function PersonalDetailsSection({ form }: { form: Form }) {
  const birthDate = form.values.birthDate.trim();
  const age = isIsoDate(birthDate) ? ageFromBirthDate(birthDate) : '';
  return (
    <Section title="Personliga uppgifter">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Kön"
          withAsterisk
          data={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
          {...form.getInputProps('gender')}
        />
        <TextInput
          label="Födelsedatum"
          placeholder="ÅÅÅÅ-MM-DD"
          withAsterisk
          inputMode="numeric"
          {...form.getInputProps('birthDate')}
        />
        <NumberInput
          label="Ålder"
          description="Räknas fram från födelsedatumet"
          min={AGE_MIN}
          max={AGE_MAX}
          value={age}
          readOnly
          variant="filled"
        />
        <Select
          label="Civilstatus"
          withAsterisk
          data={CIVIL_STATUSES_IN_FORM.map((c) => ({ value: c, label: CIVIL_STATUS_LABELS[c] }))}
          {...form.getInputProps('civilStatus')}
        />
        <TextInput label="Barn" withAsterisk {...form.getInputProps('children')} />
        <TextInput label="Yrke" withAsterisk {...form.getInputProps('profession')} />
        <TextInput label="Ort" withAsterisk {...form.getInputProps('location')} />
      </SimpleGrid>
      <Textarea label="Dröm" withAsterisk autosize minRows={2} {...form.getInputProps('dream')} />
      <Textarea label="Livssituation" autosize minRows={2} {...form.getInputProps('lifeCircumstance')} />
    </Section>
  );
}

/** 'Jag söker...' and 'Intressen', with their minimum selections. */
export function LookingForAndInterestsSections({ form }: { form: Form }) {
  return (
    <>
      <Section title="Jag söker...">
        <OptionChips
          label={`Välj minst ${LOOKING_FOR_MIN}`}
          options={LOOKING_FOR}
          value={form.values.lookingFor}
          onChange={(v) => form.setFieldValue('lookingFor', v)}
          min={LOOKING_FOR_MIN}
          keepMinMessage={msg.lookingForKeepMin}
          error={form.errors.lookingFor as string | undefined}
        />
      </Section>
      <Section title="Intressen">
        <OptionChips
          label={`Träffar och aktiviteter (välj minst ${MEETUP_INTERESTS_MIN})`}
          options={MEETUP_INTERESTS}
          value={form.values.meetupInterests}
          onChange={(v) => form.setFieldValue('meetupInterests', v)}
          min={MEETUP_INTERESTS_MIN}
          keepMinMessage={msg.meetupInterestsKeepMin}
          error={form.errors.meetupInterests as string | undefined}
        />
        <Textarea
          label="Dina intressen"
          description="Skriv dem åtskilda med kommatecken"
          withAsterisk
          autosize
          minRows={2}
          {...form.getInputProps('interests')}
        />
      </Section>
    </>
  );
}
