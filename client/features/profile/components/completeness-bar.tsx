import { type CompletenessFields, profileCompleteness } from '@common/rules/profile-completeness';
import { Group, Progress, Stack, Text } from '@mantine/core';

/**
 * The completeness bar: red up to 30%, yellow up to 70%, green above; 'x av N fält' counts the same fields,
 * and 'Saknas' names the ones still missing.
 */
export function CompletenessBar({ fields }: { fields: CompletenessFields }) {
  const c = profileCompleteness(fields);
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600}>Profilens fullständighet</Text>
        <Text fw={600}>{c.percent}%</Text>
      </Group>
      <Progress
        value={c.percent}
        color={c.color}
        size="lg"
        radius="xl"
        aria-label="Profilens fullständighet"
      />
      <Text size="sm" c="dimmed">
        {c.filled} av {c.total} fält ifyllda
      </Text>
      {c.missing.length > 0 ? (
        <Text size="sm" c="dimmed">
          Saknas: {c.missing.join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}
