import { AGE_BANDS, GENDER_LABELS, GENDERS, HANDICAP_BANDS } from '@common/options';
import { COUNTIES, type CountyCode } from '@common/regions';
import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { DirectoryFilters as Filters } from '../api/members-query';

const genderOptions = [
  { value: 'all', label: 'Alla kön' },
  ...GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] })),
];
const handicapOptions = HANDICAP_BANDS.map((b) => ({
  value: b,
  label: b === 'all' ? 'Alla handicap' : `Handicap ${b}`,
}));

const ageOptions = AGE_BANDS.map((b) => ({
  value: b,
  label: b === 'all' ? 'Alla åldrar' : `${b.replace('-', '–')} år`,
}));

const countyOptions = COUNTIES.map((c) => ({ value: c.code, label: c.name }));

export interface DirectoryFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
}

/**
 * Free-text search over name, username, club and location, and the gender, handicap and age filters, the
 * place ('Ort') and the county ('Län': members whose place is one of its municipalities) (spec §2; age,
 * place and county: issue 18).
 */
export function DirectoryFilters({ value, onChange }: DirectoryFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Sök medlemmar"
        placeholder="Sök på namn, användarnamn, klubb eller ort..."
        leftSection={<IconSearch size={16} />}
        value={value.q}
        onChange={(e) => onChange({ ...value, q: e.currentTarget.value })}
        style={{ flex: '1 1 260px' }}
        type="search"
      />
      <Select
        label="Kön"
        data={genderOptions}
        value={value.gender}
        onChange={(g) => onChange({ ...value, gender: (g ?? 'all') as Filters['gender'] })}
        allowDeselect={false}
        style={{ flex: '1 1 150px' }}
      />
      <Select
        label="Handicap"
        data={handicapOptions}
        value={value.handicap}
        onChange={(h) => onChange({ ...value, handicap: (h ?? 'all') as Filters['handicap'] })}
        allowDeselect={false}
        style={{ flex: '1 1 150px' }}
      />
      <Select
        label="Ålder"
        data={ageOptions}
        value={value.age}
        onChange={(a) => onChange({ ...value, age: (a ?? 'all') as Filters['age'] })}
        allowDeselect={false}
        style={{ flex: '1 1 150px' }}
      />
      <TextInput
        label="Ort"
        placeholder="T.ex. Göteborg"
        value={value.location}
        onChange={(e) => onChange({ ...value, location: e.currentTarget.value })}
        style={{ flex: '1 1 150px' }}
        type="search"
      />
      <Select
        label="Län"
        placeholder="Alla län"
        data={countyOptions}
        value={value.county}
        onChange={(c) => onChange({ ...value, county: c as CountyCode | null })}
        clearable
        // Mantine hides its clear button from assistive technology; this one is named and shown.
        clearButtonProps={{ 'aria-label': 'Rensa län', 'aria-hidden': false }}
        searchable
        nothingFoundMessage="Inget län hittades"
        style={{ flex: '1 1 180px' }}
      />
    </Group>
  );
}
