import { useAuth } from '@client/features/auth/hooks/use-auth';
import { apiErrorMessage } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { HydrationPart } from '@client/ui/hydration-part';
import { OnceOpened } from '@client/ui/once-opened';
import { WhenVisible } from '@client/ui/when-visible';
import { DIRECTORY_SKELETON_CARDS } from '@common/limits';
import { Alert, Button, Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type DirectoryFilters as Filters, useDirectory } from '../api/members-query';
import { DirectoryFilters } from '../components/directory-filters';
import { MemberCard, MemberCardSkeleton } from '../components/member-card';
import { MemberProfileDialog } from '../components/member-profile-dialog';

/** How many member cards hydrate together: a part is a task of its own on a server-rendered page. */
const CARDS_PER_PART = 6;
const slices = <T,>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const SKELETON_KEYS = Array.from({ length: DIRECTORY_SKELETON_CARDS }, (_, i) => `skeleton-${i}`);
const NO_FILTERS: Filters = { q: '', gender: 'all', handicap: 'all', age: 'all', location: '', county: null };

/** 'N medlem' for one, 'N medlemmar' otherwise, then 'hittades' (spec §2). */
export const countText = (n: number) => `${n} ${n === 1 ? 'medlem' : 'medlemmar'} hittades`;

/** /members: the members directory, searched, filtered and paged on the server. */
export function MembersPage() {
  usePageTitle('Medlemmar');
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // Typed text reaches the server once the member pauses.
  const [debouncedQ] = useDebouncedValue(filters.q, 300);
  const [debouncedPlace] = useDebouncedValue(filters.location, 300);
  const serverFilters = useMemo(
    () => ({ ...filters, q: debouncedQ, location: debouncedPlace }),
    [filters, debouncedQ, debouncedPlace],
  );
  const directory = useDirectory(serverFilters);
  const filtersActive =
    filters.q.trim() !== '' ||
    filters.gender !== 'all' ||
    filters.handicap !== 'all' ||
    filters.age !== 'all' ||
    filters.location.trim() !== '' ||
    filters.county !== null;

  const members = directory.data?.pages.flatMap((p) => p.members) ?? [];
  const total = directory.data?.pages[0]?.total ?? 0;
  const openId = searchParams.get('user');

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = directory;

  const openMember = (id: string) =>
    setSearchParams((p) => {
      p.set('user', id);
      return p;
    });
  const closeMember = () =>
    setSearchParams((p) => {
      p.delete('user');
      return p;
    });
  const message = (id: string) => navigate(`/messages?recipient=${encodeURIComponent(id)}`);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Medlemmar</Title>
          <Text c="dimmed">
            {isAdmin
              ? 'Hantera och visa alla medlemmar i gemenskapen'
              : 'Se och ta kontakt med andra medlemmar'}
          </Text>
        </div>
        {/* The filters and each slice of the cards hydrate as parts of their own, in short tasks (issue 33). */}
        <HydrationPart>
          <DirectoryFilters value={filters} onChange={setFilters} />
        </HydrationPart>
        {directory.isError ? (
          <Alert color="red" title="Kunde inte hämta medlemmar">
            {apiErrorMessage(directory.error)}
          </Alert>
        ) : directory.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true">
            {SKELETON_KEYS.map((key) => (
              <MemberCardSkeleton key={key} />
            ))}
          </SimpleGrid>
        ) : members.length === 0 ? (
          <Stack align="center" gap="xs" py="xl">
            <IconUsers size={48} stroke={1.2} />
            <Title order={2} fz="lg">
              Inga medlemmar hittades
            </Title>
            <Text c="dimmed" ta="center">
              {filtersActive
                ? 'Försök justera din sökning eller filtren.'
                : 'Det finns inga medlemmar i katalogen ännu.'}
            </Text>
            {filtersActive && (
              <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                Återställ sökning
              </Button>
            )}
          </Stack>
        ) : (
          <>
            <Text fw={500} aria-live="polite">
              {countText(total)}
            </Text>
            {/* Until a changed filter's answer arrives the previous cards stay, dimmed and marked busy. */}
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 3 }}
              aria-busy={directory.isPlaceholderData || undefined}
              style={{ opacity: directory.isPlaceholderData ? 0.55 : undefined, transition: 'opacity 150ms' }}
            >
              {slices(members, CARDS_PER_PART).map((slice) => (
                <HydrationPart key={slice[0]?.id}>
                  {slice.map((m) => (
                    <MemberCard
                      key={m.id}
                      member={m}
                      isSelf={m.id === user?.id}
                      onOpen={() => openMember(m.id)}
                      onMessage={() => message(m.id)}
                    />
                  ))}
                </HydrationPart>
              ))}
            </SimpleGrid>
            {/* The next page loads when the end of the grid scrolls into view. */}
            <WhenVisible
              active={hasNextPage && !isFetchingNextPage}
              onVisible={() => void fetchNextPage()}
              rootMargin="400px"
            />
            {hasNextPage && (
              <Center>
                {isFetchingNextPage ? (
                  <Loader aria-label="Laddar fler medlemmar" />
                ) : (
                  <Button variant="subtle" onClick={() => void fetchNextPage()}>
                    Visa fler
                  </Button>
                )}
              </Center>
            )}
          </>
        )}
      </Stack>
      <OnceOpened opened={openId !== null}>
        <MemberProfileDialog
          memberId={openId}
          initial={members.find((m) => m.id === openId)}
          isSelf={openId === user?.id}
          onClose={closeMember}
          onMessage={message}
        />
      </OnceOpened>
    </Container>
  );
}
