import { useAnchorScroll } from '@client/lib/use-anchor-scroll';
import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { useLocation } from 'react-router';

export interface SectionCardProps {
  /** The section's id, an anchor of the page's address (`/profile#notiser`); its title is `{anchor}-rubrik`. */
  anchor: string;
  title: string;
  /** Whether the content is there to scroll to (a section that loads first); true by default. */
  ready?: boolean;
  children: ReactNode;
}

/**
 * A titled section of a page in a card (the profile's 'Säkerhet' and 'Notiser'), labelled by its title.
 * Arriving at its anchor (e.g. from an e-mail), it scrolls into view once its content is ready and stays
 * there while the sections above it load: the router does not scroll to an anchor.
 */
export function SectionCard({ anchor, title, ready = true, children }: SectionCardProps) {
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = `${anchor}-rubrik`;
  useAnchorScroll(ref, ready && location.hash === `#${anchor}`);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      id={anchor}
      ref={ref}
      aria-labelledby={titleId}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="lg">
        <Title order={2} fz="xl" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
