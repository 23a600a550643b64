import { usePageTitle } from '@client/lib/use-page-title';
import { RATING_GENDER_LABELS, TEE_COLOR_LABELS } from '@common/options';
import type { Course } from '@common/schemas/courses';
import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAdminCourses } from '../api/courses-api';

const decimal = (n: number) =>
  n.toLocaleString('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A tee in a line: name, colour and each gender's par, course rating and slope. */
function teeLine(tee: Course['tees'][number]): string {
  const ratings = tee.ratings.map(
    (r) => `${RATING_GENDER_LABELS[r.gender]}: par ${r.par}, CR ${decimal(r.courseRating)}, slope ${r.slope}`,
  );
  return `${tee.name} (${TEE_COLOR_LABELS[tee.color].toLowerCase()}) – ${ratings.join('; ')}`;
}

/** /admin/courses 'Banor': the courses events can be played on, with their tees. */
export function AdminCoursesPage() {
  usePageTitle('Banor');
  const courses = useAdminCourses();
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Banor</Title>
            <Text c="dimmed" size="sm">
              Banor och tees med slope, course rating och hålens par och hcp-index.
            </Text>
          </div>
          <Button component={Link} to="/admin/courses/new">
            Lägg till bana
          </Button>
        </Group>
        {courses.isError && <Alert color="red">Banorna kunde inte hämtas. Försök igen.</Alert>}
        {courses.isPending ? (
          <Loader aria-label="Hämtar banorna" />
        ) : courses.data?.length === 0 ? (
          <Text c="dimmed">Inga banor ännu.</Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Banor"
          >
            {courses.data?.map((c) => (
              <Card key={c.id} withBorder component="li" radius="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{c.name}</Text>
                    <Text size="sm" c="dimmed">
                      {c.club}, {c.location} · {c.holes} hål
                    </Text>
                  </div>
                  <Button
                    component={Link}
                    to={`/admin/courses/${c.id}`}
                    variant="light"
                    size="xs"
                    style={{ flexShrink: 0 }}
                    aria-label={`Ändra ${c.name}`}
                  >
                    Ändra
                  </Button>
                </Group>
                <Stack gap={2} mt="xs">
                  {c.tees.map((t) => (
                    <Text key={t.id} size="sm">
                      {teeLine(t)}
                    </Text>
                  ))}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
