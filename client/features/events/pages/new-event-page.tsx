import { usePageTitle } from '@client/lib/use-page-title';
import { Container, Paper, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EventForm } from '../components/form/event-form';

/** /events/new: create an event; after creation the user returns to /events (spec §2). */
export function NewEventPage() {
  usePageTitle('Skapa evenemang');
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        Skapa evenemang
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <EventForm onDone={() => navigate('/events')} onCancel={() => navigate('/events')} />
      </Paper>
    </Container>
  );
}
