import { useAuth } from '@client/features/auth/hooks/use-auth';
import { FeedbackFooterButton } from '@client/features/feedback/components/feedback-footer-button';
import { NewsletterForm } from '@client/features/feedback/components/newsletter-form';
import { useClock } from '@client/lib/use-now';
import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandX,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './app-footer.module.css';
import { BrandMark } from './brand-mark';

const QUICK_LINKS = [
  { to: '/', label: 'Hem' },
  { to: '/events', label: 'Evenemang' },
  { to: '/members', label: 'Medlemmar' },
  { to: '/messages', label: 'Meddelanden' },
  { to: '/profile', label: 'Profil' },
] as const;

const LEGAL_LINKS = [
  { to: '/integritetspolicy', label: 'Integritetspolicy' },
  { to: '/sakerhetstips', label: 'Säkerhetstips' },
  { to: '/villkor', label: 'Villkor' },
  { to: '/integritetspolicy#cookies', label: 'Cookies' },
] as const;

function ContactRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Box display="flex">{icon}</Box>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The footer of every page (spec §2 'Footer'). */
export function AppFooter() {
  const year = useClock((now) => new Date(now).getFullYear());
  const { isAuthenticated } = useAuth();
  return (
    <footer className={classes.footer}>
      <Container py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing={{ base: 'xl', md: 40 }}>
          <Stack gap="sm">
            <Group gap={8} c="white">
              <BrandMark size={30} inverted />
              <Text fw={800} fz="lg">
                Singelgolf
              </Text>
            </Group>
            <Text size="sm">
              Singelgolf är mötesplatsen för golfintresserade singlar. Vi ordnar golfevenemang och resor där
              du träffar nya vänner – och kanske kärleken – på och utanför banan.
            </Text>
            <Group gap="xs">
              <ActionIcon
                component="a"
                href="https://www.facebook.com/groups/singelgolf"
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="white"
                size="lg"
                aria-label="Singelgolf på Facebook"
              >
                <IconBrandFacebook size={22} />
              </ActionIcon>
              <ActionIcon
                component="a"
                href="#"
                variant="subtle"
                color="white"
                size="lg"
                aria-label="Instagram"
              >
                <IconBrandInstagram size={22} />
              </ActionIcon>
              <ActionIcon component="a" href="#" variant="subtle" color="white" size="lg" aria-label="X">
                <IconBrandX size={22} />
              </ActionIcon>
            </Group>
          </Stack>

          <nav aria-label="Snabblänkar">
            <Text className={classes.heading}>Snabblänkar</Text>
            <Stack gap={6}>
              {QUICK_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} className={classes.link}>
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          </nav>

          <div>
            <Text className={classes.heading}>Kontakt</Text>
            <Stack gap="xs">
              <ContactRow icon={<IconMail size={16} aria-hidden />}>
                <Anchor href="mailto:info@singelgolf.se" className={classes.link}>
                  info@singelgolf.se
                </Anchor>
              </ContactRow>
              <ContactRow icon={<IconPhone size={16} aria-hidden />}>
                <Anchor href="tel:+4681234567" className={classes.link}>
                  08-123 45 67
                </Anchor>
              </ContactRow>
              <ContactRow icon={<IconMapPin size={16} aria-hidden />}>
                Box 123
                <br />
                111 22 Stockholm
              </ContactRow>
              <FeedbackFooterButton isAuthenticated={isAuthenticated} />
            </Stack>
          </div>

          <div>
            <Text className={classes.heading}>Nyhetsbrev</Text>
            <Text size="sm" mb="sm">
              Få nyheter om kommande evenemang och resor direkt i din inkorg.
            </Text>
            <NewsletterForm />
          </div>
        </SimpleGrid>
      </Container>

      <div className={classes.bottom}>
        <Container py="md">
          <Group justify="space-between" gap="sm">
            <Text size="xs">© {year} Singelgolf. Alla rättigheter förbehållna.</Text>
            <Group gap="md">
              {LEGAL_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} size="xs" className={classes.link}>
                  {l.label}
                </Anchor>
              ))}
            </Group>
          </Group>
        </Container>
      </div>
    </footer>
  );
}
