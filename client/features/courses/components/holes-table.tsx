import { msg } from '@common/messages';
import { parseHolesCsv } from '@common/rules/holes-csv';
import { Alert, Button, FileButton, Group, List, NumberInput, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import type { CourseFormValues } from '../lib/course-form-values';

/** A tee's holes: par, hcp-index and length per hole, typed or imported from a CSV file. */
export function HolesTable({
  form,
  teeIndex,
}: {
  form: UseFormReturnType<CourseFormValues>;
  teeIndex: number;
}) {
  // With several tees every hole's fields are there once per tee: the label says which.
  const teeLabel = form.getValues().tees.length > 1 ? `, tee ${teeIndex + 1}` : '';
  const base = `tees.${teeIndex}.holesData`;
  const holes = form.getValues().tees[teeIndex].holesData;
  const [importError, setImportError] = useState<string | null>(null);
  // The rules' messages about the holes, listed under the table where a narrow screen has room for them.
  const problems = [
    ...new Set(
      Object.entries(form.errors)
        .filter(([key]) => key === base || key.startsWith(`${base}.`))
        .map(([, message]) => String(message)),
    ),
  ];

  async function importCsv(file: File | null) {
    if (!file) return;
    const parsed = parseHolesCsv(await file.text());
    if ('error' in parsed) return setImportError(parsed.error);
    if (parsed.holes.length !== holes.length)
      return setImportError(msg.holeCountMismatch.replace('{n}', String(holes.length)));
    setImportError(null);
    form.setFieldValue(
      base,
      parsed.holes.map((h) => ({ ...h, lengthMeters: h.lengthMeters ?? '' })),
    );
    form.clearFieldError(base);
  }

  const cell = (i: number, field: 'par' | 'strokeIndex' | 'lengthMeters', label: string) => {
    const props = form.getInputProps(`${base}.${i}.${field}`);
    return (
      <NumberInput
        {...props}
        // The message is listed under the table; the field only turns red.
        error={Boolean(props.error)}
        aria-label={`${label} hål ${i + 1}${teeLabel}`}
        size="xs"
        hideControls
        allowDecimal={false}
        allowNegative={false}
        miw={48}
      />
    );
  };

  return (
    <>
      <Group justify="space-between" align="center">
        <Text fw={500} size="sm">
          Hål
        </Text>
        <FileButton onChange={importCsv} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              variant="subtle"
              size="xs"
              leftSection={<IconFileImport size={16} />}
              aria-label={teeLabel ? `Importera hål från CSV${teeLabel}` : undefined}
            >
              Importera hål från CSV
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        CSV med rubrikerna Hål;Par;Hcp-index;Längd (semikolon eller komma, längden kan utelämnas).
      </Text>
      {importError && (
        <Alert color="red" role="alert">
          {importError}
        </Alert>
      )}
      <Table verticalSpacing={4} horizontalSpacing={4} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>Hål</Table.Th>
            <Table.Th>Par</Table.Th>
            <Table.Th>Hcp-index</Table.Th>
            <Table.Th>Längd (m)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holes.map((h, i) => (
            <Table.Tr key={h.number}>
              <Table.Td>{h.number}</Table.Td>
              <Table.Td>{cell(i, 'par', 'Par')}</Table.Td>
              <Table.Td>{cell(i, 'strokeIndex', 'Hcp-index')}</Table.Td>
              <Table.Td>{cell(i, 'lengthMeters', 'Längd')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {problems.length > 0 && (
        <List size="sm" c="red" role="alert">
          {problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}
