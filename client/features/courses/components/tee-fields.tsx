import { TEE_NAME_MAX } from '@common/limits';
import { RATING_GENDER_LABELS, TEE_COLOR_LABELS, TEE_COLORS } from '@common/options';
import { parOfHoles } from '@common/rules/course';
import { Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CourseFormValues } from '../lib/course-form-values';
import { HolesTable } from './holes-table';

/** One tee of the course form: name, colour, the rating per gender, its holes. */
export function TeeFields({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturnType<CourseFormValues>;
  index: number;
  onRemove?: () => void;
}) {
  const tee = form.getValues().tees[index];
  const par = parOfHoles(tee.holesData.map((h) => ({ par: Number(h.par) || 0 })));
  const key = (field: string) => `tees.${index}.${field}`;
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`Tee ${index + 1}`}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Teens namn"
            placeholder="t.ex. Tee 59"
            maxLength={TEE_NAME_MAX}
            miw={140}
            {...form.getInputProps(key('name'))}
          />
          <Select
            label="Färg"
            data={TEE_COLORS.map((c) => ({ value: c, label: TEE_COLOR_LABELS[c] }))}
            allowDeselect={false}
            miw={120}
            {...form.getInputProps(key('color'))}
          />
        </Group>
        <Text size="sm">Par {par} (summan av hålens par)</Text>
        {tee.ratings.map((r, j) => (
          <Stack key={r.gender} gap={4}>
            <Checkbox
              label={`Rating för ${RATING_GENDER_LABELS[r.gender].toLowerCase()}`}
              {...form.getInputProps(key(`ratings.${j}.enabled`), { type: 'checkbox' })}
            />
            {r.enabled && (
              <Group grow align="flex-start">
                <NumberInput
                  label={`Course rating ${RATING_GENDER_LABELS[r.gender].toLowerCase()}`}
                  decimalScale={1}
                  decimalSeparator=","
                  allowNegative={false}
                  hideControls
                  {...form.getInputProps(key(`ratings.${j}.courseRating`))}
                />
                <NumberInput
                  label={`Slope ${RATING_GENDER_LABELS[r.gender].toLowerCase()}`}
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  {...form.getInputProps(key(`ratings.${j}.slope`))}
                />
              </Group>
            )}
            {form.errors[key(`ratings.${j}.par`)] && (
              <Text size="sm" c="red">
                {form.errors[key(`ratings.${j}.par`)]}
              </Text>
            )}
          </Stack>
        ))}
        {form.errors[key('ratings')] && (
          <Text size="sm" c="red">
            {form.errors[key('ratings')]}
          </Text>
        )}
        <HolesTable form={form} teeIndex={index} />
        {onRemove && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
              Ta bort teen
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
