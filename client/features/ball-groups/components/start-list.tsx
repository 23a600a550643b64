import { formatLongDate, formatTime } from '@client/lib/dates';
import type { BallGroup } from '@common/schemas/ball-groups';
import { Portal } from '@mantine/core';
import { formatHandicap, formatStrokes, paymentBadge } from '../lib/group-labels';
import classes from './start-list.module.css';

/** Groups in the order they start: tee time, then starting hole, then as created; unset ones last. */
export function startOrder(groups: BallGroup[]): BallGroup[] {
  const time = (g: BallGroup) => (g.teeTime ? Date.parse(g.teeTime) : Number.POSITIVE_INFINITY);
  return [...groups].sort(
    (a, b) => time(a) - time(b) || (a.startingHole ?? 99) - (b.startingHole ?? 99) || a.id - b.id,
  );
}

/** 'Starttid 09:10 · Hål 1 · Bollgrupp 1', as on the PDF start list. */
export function startHeading(g: BallGroup): string {
  return [
    g.teeTimeLocal ? `Starttid ${g.teeTimeLocal}` : 'Starttid ej satt',
    g.startingHole ? `Hål ${g.startingHole}` : null,
    g.name,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The printable start list for the day of the event, the same as the PDF's: the groups in start order,
 * each with tee time, starting hole and a table (name, handicap, payment and a box to tick on arrival).
 * Hidden on screen; the print stylesheet prints only this (no navigation, no buttons).
 */
export function StartList({
  title,
  location,
  startTime,
  groups,
}: {
  title: string;
  location: string;
  startTime: string;
  groups: BallGroup[];
}) {
  // The event names a course: each member's playing handicap (issue 29).
  const withPlaying = groups.some((g) => g.members.some((m) => m.playingHandicap !== undefined));
  return (
    <Portal reuseTargetNode={false}>
      <div className={classes.sheet} data-testid="start-list">
        <h1>Startlista – {title}</h1>
        <p>
          {formatLongDate(startTime)} kl. {formatTime(startTime)} · {location}
        </p>
        {startOrder(groups).map((g) => (
          <section key={g.id} className={classes.group}>
            <h2>
              {startHeading(g)} ({g.members.length} spelare, snitthcp{' '}
              {formatHandicap(g.stats.averageHandicap)})
            </h2>
            <table className={classes.table}>
              <thead>
                <tr>
                  <th>Namn</th>
                  <th>Hcp</th>
                  {withPlaying && <th>Spel-hcp</th>}
                  <th>Betalning</th>
                  <th className={classes.check}>Närvaro</th>
                </tr>
              </thead>
              <tbody>
                {g.members.map((m) => (
                  <tr key={m.id}>
                    <td>{m.name}</td>
                    <td>{m.handicap === null ? '–' : formatHandicap(m.handicap)}</td>
                    {withPlaying && <td>{formatStrokes(m.playingHandicap)}</td>}
                    <td>{m.paymentStatus ? paymentBadge(m.paymentStatus).label : ''}</td>
                    <td className={classes.check} />
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </Portal>
  );
}
