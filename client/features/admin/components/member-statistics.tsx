import '@mantine/charts/styles.css';
import { GENDER_LABELS } from '@common/options';
import type { AdminStats } from '@common/schemas/admin';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { barHeight } from '../lib/dashboard-format';

const GENDER_COLORS = { male: 'blue.6', female: 'pink.6', other: 'grape.6', unknown: 'gray.4' } as const;

function GenderSplit({ g }: { g: AdminStats['genderDistribution'] }) {
  const data = [
    { name: GENDER_LABELS.male, value: g.male, color: GENDER_COLORS.male },
    { name: GENDER_LABELS.female, value: g.female, color: GENDER_COLORS.female },
    { name: GENDER_LABELS.other, value: g.other, color: GENDER_COLORS.other },
    { name: 'Ej angivet', value: g.unknown, color: GENDER_COLORS.unknown },
  ];
  const total = data.reduce((s, d) => s + d.value, 0);
  return (
    <div>
      <Text fw={600} size="sm" mb="xs">
        Könsfördelning
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        {/* inert: the figures are the text beside it; the chart's SVG is neither read nor focusable. */}
        <div inert>
          <DonutChart
            data={data.filter((d) => d.value > 0)}
            size={110}
            thickness={18}
            withTooltip={false}
            accessibilityLayer={false}
          />
        </div>
        <Stack gap={2}>
          {data.map((d) => (
            <Text key={d.name} size="sm">
              {d.name}: <b>{d.value}</b>
              {total ? ` (${Math.round((d.value / total) * 100)} %)` : ''}
            </Text>
          ))}
        </Stack>
      </Group>
    </div>
  );
}

function HandicapChart({ h }: { h: AdminStats['handicapDistribution'] }) {
  const data = Object.entries(h).map(([band, count]) => ({ band, Medlemmar: count }));
  return (
    <div>
      <Text fw={600} size="sm" mb="xs">
        Handicapfördelning
      </Text>
      <BarChart
        h={180}
        data={data}
        dataKey="band"
        series={[{ name: 'Medlemmar', color: 'golf.6' }]}
        tickLine="y"
        gridAxis="y"
        // Every band's label, also '21+' at the end (recharts skips labels it thinks crowded).
        xAxisProps={{ interval: 0 }}
        withBarValueLabel
      />
    </div>
  );
}

/** Age buckets as bars; a bar is never lower than 5% so an empty bucket is still visible (spec §2). */
export function AgeBars({ a }: { a: AdminStats['ageDistribution'] }) {
  const entries = Object.entries(a);
  const max = Math.max(0, ...entries.map(([, n]) => n));
  return (
    <div>
      <Text fw={600} size="sm" mb="xs">
        Åldersfördelning
      </Text>
      <Group gap="xs" align="flex-end" h={150} wrap="nowrap" role="list" aria-label="Åldersfördelning">
        {entries.map(([bucket, n]) => (
          <Stack key={bucket} gap={4} h="100%" style={{ flex: 1 }} role="listitem">
            <Text size="xs" fw={600} ta="center">
              {n}
            </Text>
            {/* The bar's track takes what the count and label leave: its height is a share of the track, never clamped. */}
            <Box style={{ flex: 1, display: 'flex', alignItems: 'flex-end' }}>
              <Tooltip label={`${bucket} år: ${n} medlemmar`}>
                <Box
                  data-testid={`age-bar-${bucket}`}
                  w="100%"
                  h={`${barHeight(n, max)}%`}
                  bg="golf.6"
                  style={{ borderRadius: '4px 4px 0 0' }}
                />
              </Tooltip>
            </Box>
            <Text size="xs" c="dimmed" ta="center">
              {bucket}
            </Text>
          </Stack>
        ))}
      </Group>
    </div>
  );
}

/** Member statistics: gender split, handicap distribution and age distribution in five buckets. */
export function MemberStatistics({ stats }: { stats: AdminStats }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="member-stats-heading">
      <Title order={2} fz="lg" id="member-stats-heading" mb="sm">
        Medlemsstatistik
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <GenderSplit g={stats.genderDistribution} />
        <HandicapChart h={stats.handicapDistribution} />
        <AgeBars a={stats.ageDistribution} />
      </SimpleGrid>
    </Paper>
  );
}
