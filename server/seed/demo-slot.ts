import type { DemoEventKind, SlotFormat } from './season';

/** Where the winter's simulator evenings are held. */
export const SIMULATOR_HALL = 'Golfhallen Kungsholmen, Stockholm';

/** One way an event slot can look: what the members read, the clock times (Swedish) and the fees. */
export interface DemoVariant {
  title: string;
  description: string;
  location: string;
  /** 'HH:mm' Stockholm time on the first day, and on the last. */
  start: string;
  end: string;
  maxParticipants: number;
  registrationFee: number;
  greenFee: number | null;
  greenFeeIncluded: boolean;
  coffeeIncluded?: boolean;
  lunchIncluded?: boolean;
  notes?: string;
  /** The picture shows the sea. */
  sea?: boolean;
  /** Lines of the event's group chat. */
  chat?: string[];
}

/**
 * A demo event's place in time and in the community, whatever it looks like: days from today, its shape,
 * how many members it gets, and one variant per kind the season can give it (season.ts).
 */
export interface DemoSlot {
  /** Days from today (Stockholm) to the first day. */
  day: number;
  format: SlotFormat;
  /** Nights away, for a trip. */
  nights?: number;
  /** Registration closes this many days before the first day, at the given clock time. */
  deadline: [days: number, clock: string];
  /** The event was announced this many days before today. */
  announcedDaysAgo: number;
  registered: number;
  waitlisted: number;
  proPosition?: number;
  withAdmin?: boolean;
  ballGroups?: boolean;
  variants: Partial<Record<DemoEventKind, DemoVariant>>;
}
