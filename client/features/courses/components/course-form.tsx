import { COURSE_CLUB_MAX, COURSE_LOCATION_MAX, COURSE_NAME_MAX, COURSE_TEES_MAX } from '@common/limits';
import type { CourseInput } from '@common/schemas/courses';
import {
  Alert,
  Button,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type CourseFormValues,
  newTee,
  resizeHoles,
  toCoursePayload,
  validateCourseForm,
} from '../lib/course-form-values';
import { TeeFields } from './tee-fields';

/** The admin's form for a course with its tees and holes, checked by the same rules as the server. */
export function CourseForm({
  initial,
  saving,
  error,
  onSubmit,
}: {
  initial: CourseFormValues;
  saving: boolean;
  error: string | null;
  onSubmit: (input: CourseInput) => void;
}) {
  const form = useForm<CourseFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: validateCourseForm,
  });
  const values = form.getValues();

  function setHoles(value: string) {
    const count = value === '9' ? 9 : 18;
    form.setValues({
      holes: count,
      tees: values.tees.map((t) => ({ ...t, holesData: resizeHoles(t.holesData, count) })),
    });
  }

  return (
    <form onSubmit={form.onSubmit((v) => onSubmit(toCoursePayload(v)))} noValidate>
      <Stack gap="md">
        <TextInput label="Banans namn" maxLength={COURSE_NAME_MAX} {...form.getInputProps('name')} />
        <TextInput label="Klubb" maxLength={COURSE_CLUB_MAX} {...form.getInputProps('club')} />
        <TextInput label="Ort" maxLength={COURSE_LOCATION_MAX} {...form.getInputProps('location')} />
        <Group grow align="flex-start">
          <NumberInput label="Latitud" decimalScale={6} hideControls {...form.getInputProps('latitude')} />
          <NumberInput label="Longitud" decimalScale={6} hideControls {...form.getInputProps('longitude')} />
        </Group>
        <Input.Wrapper label="Antal hål" error={form.errors.holes}>
          <SegmentedControl
            fullWidth
            data={[
              { value: '9', label: '9 hål' },
              { value: '18', label: '18 hål' },
            ]}
            value={String(values.holes)}
            onChange={setHoles}
          />
        </Input.Wrapper>
        <Title order={2} size="h3">
          Tees
        </Title>
        {values.tees.map((t, i) => (
          <TeeFields
            key={t.key}
            form={form}
            index={i}
            onRemove={values.tees.length > 1 ? () => form.removeListItem('tees', i) : undefined}
          />
        ))}
        {form.errors.tees && <Alert color="red">{form.errors.tees}</Alert>}
        {values.tees.length < COURSE_TEES_MAX && (
          <Button variant="light" onClick={() => form.insertListItem('tees', newTee(values.holes))}>
            Lägg till tee
          </Button>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Spara banan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
