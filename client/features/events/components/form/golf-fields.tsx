import { useCourses } from '@client/features/courses/api/courses-api';
import { SCORING_FORMAT_LABELS, SCORING_FORMATS } from '@common/rules/scoring';
import { Fieldset, NumberInput, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { EventFormValues } from '../../lib/event-form-values';
import { teeOptions } from '../../lib/golf-form-values';

const FORMATS = SCORING_FORMATS.map((value) => ({ value, label: SCORING_FORMAT_LABELS[value] }));

/**
 * 'Tävling och score' in the admin event form (issue 29): the course (GET /api/courses), the tee per
 * gender from that course, the format, the handicap allowance and whether the leaderboard is hidden
 * until the prize-giving. Without a course the event has no scoring.
 */
export function GolfFields({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const golf = form.values.golf;
  // The courses load when the organiser reaches the select (or the event already has one): the form
  // itself asks the server for nothing.
  const [wanted, setWanted] = useState(golf.courseId !== '');
  const courses = useCourses(wanted);
  const course = courses.data?.find((c) => String(c.id) === golf.courseId);
  return (
    <Fieldset legend="Tävling och score">
      <Select
        label="Bana"
        placeholder="Ingen tävling"
        description="Med en bana kan deltagarna föra score i mobilen."
        data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.club})` }))}
        clearable
        searchable
        nothingFoundMessage={courses.isLoading ? 'Laddar banor …' : 'Inga banor'}
        onFocus={() => setWanted(true)}
        onDropdownOpen={() => setWanted(true)}
        value={golf.courseId || null}
        onChange={(value) => {
          const next = courses.data?.find((c) => String(c.id) === value);
          form.setFieldValue('golf', {
            ...golf,
            courseId: value ?? '',
            teeMale: teeOptions(next, 'male')[0]?.value ?? '',
            teeFemale: teeOptions(next, 'female')[0]?.value ?? '',
          });
        }}
        error={courses.error ? 'Banorna kunde inte laddas' : undefined}
      />
      {course ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm">
            <Select
              label="Tee för herrar"
              data={teeOptions(course, 'male')}
              clearable
              {...form.getInputProps('golf.teeMale')}
              value={golf.teeMale || null}
              onChange={(v) => form.setFieldValue('golf.teeMale', v ?? '')}
            />
            <Select
              label="Tee för damer"
              data={teeOptions(course, 'female')}
              clearable
              {...form.getInputProps('golf.teeFemale')}
              value={golf.teeFemale || null}
              onChange={(v) => form.setFieldValue('golf.teeFemale', v ?? '')}
            />
          </SimpleGrid>
          <Select
            mt="sm"
            label="Spelform"
            data={FORMATS}
            allowDeselect={false}
            {...form.getInputProps('golf.scoringFormat')}
          />
          <NumberInput
            mt="sm"
            label="Handicapandel (%)"
            description="Andel av banhandicapen, 95 % är vanligt i individuell poängbogey."
            min={1}
            max={100}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('golf.handicapAllowance')}
          />
          <Switch
            mt="sm"
            label="Dölj resultattavlan till prisutdelningen"
            {...form.getInputProps('golf.leaderboardHidden', { type: 'checkbox' })}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          Ingen tävling: evenemanget har inget scorekort.
        </Text>
      )}
    </Fieldset>
  );
}
