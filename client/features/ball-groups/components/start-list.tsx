import { formatLongDate, formatTime } from '@client/lib/dates';
import type { BallGroup } from '@common/schemas/ball-groups';
import { Portal } from '@mantine/core';
import { formatHandicap, paymentBadge } from '../lib/group-labels';
import classes from './start-list.module.css';

/**
 * The printable start list for the day of the event: one table per group (name, handicap, payment and a
 * box to tick on arrival). Hidden on screen; the print stylesheet prints only this.
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
  return (
    <Portal reuseTargetNode={false}>
      <div className={classes.sheet} data-testid="start-list">
        <h1>Startlista – {title}</h1>
        <p>
          {formatLongDate(startTime)} kl. {formatTime(startTime)} · {location}
        </p>
        {groups.map((g) => (
          <section key={g.id} className={classes.group}>
            <h2>
              {g.name} ({g.members.length} spelare, snitthcp {formatHandicap(g.stats.averageHandicap)})
            </h2>
            <table className={classes.table}>
              <thead>
                <tr>
                  <th>Namn</th>
                  <th>Hcp</th>
                  <th>Betalning</th>
                  <th className={classes.check}>Närvaro</th>
                </tr>
              </thead>
              <tbody>
                {g.members.map((m) => (
                  <tr key={m.id}>
                    <td>{m.name}</td>
                    <td>{m.handicap === null ? '–' : formatHandicap(m.handicap)}</td>
                    <td>{paymentBadge(m.paymentStatus).label}</td>
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
