import { usePageTitle } from '@client/lib/use-page-title';
import { PAYMENT_PATH_REDIRECT_MS } from '@common/limits';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

/** Unknown paths that look like a payment return ('payment' or 'stripe') go home (decisions.md). */
export function isPaymentPath(pathname: string): boolean {
  return /payment|stripe/i.test(pathname);
}

/** The not-found page (spec §2). */
export function NotFoundPage() {
  usePageTitle('Sidan kunde inte hittas');
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isPaymentPath(pathname)) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), PAYMENT_PATH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [pathname, navigate]);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        {/* The status as a figure beside the page's heading, not a paragraph that looks like one (axe p-as-heading). */}
        <Text component="div" fz={72} fw={800} c="golf" lh={1}>
          404
        </Text>
        <Title order={1}>Sidan kunde inte hittas</Title>
        <Text c="dimmed">Den sida du söker efter existerar inte eller har flyttats.</Text>
        <Button component={Link} to="/" mt="md">
          Tillbaka till startsidan
        </Button>
      </Stack>
    </Container>
  );
}
