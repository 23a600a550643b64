import type { BallGroupFiguresDto } from '@common/schemas/ball-groups';
import { List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { generationExplanation } from '../lib/generation-explanation';

const dec = (x: number) => x.toLocaleString('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** The figures behind the latest generation: handicap spread, gender mix, repeated pairs avoided. */
export function GenerationFigures({ figures }: { figures: BallGroupFiguresDto }) {
  const items = [
    {
      label: 'Handicapspridning mellan grupper',
      value: `${dec(figures.handicapSpread)} slag`,
      hint: `Snitt per grupp skiljer högst ${dec(figures.handicapSpread)} (garanterat ≤ ${dec(figures.spreadBound)}; efter seedning ${dec(figures.seededSpread)})`,
    },
    {
      label: 'Blandade grupper',
      value: `${figures.mixedGroups} av ${figures.mixedGroupsPossible} möjliga`,
      hint: `${figures.evenGroups} grupper med 2 + 2 (högst ${figures.evenGroupsPossible} möjliga)`,
    },
    {
      label: 'Upprepade par undvikna (12 mån)',
      value: `${figures.repeatedPairsAvoided} av ${figures.previousPairs}`,
      hint: figures.previousPairs
        ? `${figures.repeatedPairs} par har spelat ihop förut och gör det igen`
        : 'Ingen har delat bollgrupp det senaste året',
    },
    {
      label: 'Grupper',
      value: `${figures.groupCount} (${figures.sizes.filter((s) => s === 4).length} × 4, ${figures.sizes.filter((s) => s === 3).length} × 3)`,
      hint:
        figures.noHandicapMax > 0
          ? `Utan handicap: ${figures.noHandicapMin}–${figures.noHandicapMax} per grupp`
          : 'Alla har handicap',
    },
  ];
  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="generation-figures">
      <Title order={3} fz="md" id="generation-figures" mb="xs">
        Senaste indelningen
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {items.map((i) => (
          <div key={i.label}>
            <Text size="xs" c="dimmed">
              {i.label}
            </Text>
            <Text fw={600}>{i.value}</Text>
            <Text size="xs" c="dimmed">
              {i.hint}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <List size="sm" mt="sm" spacing={2} aria-label="Förklaring av indelningen">
        {generationExplanation(figures).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
