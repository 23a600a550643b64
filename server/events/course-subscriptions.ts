import { msg } from '@common/messages';
import type { Subscriptions } from '../domain-events/domain-events';
import { ConflictError } from '../errors';
import { findEventUsingTees } from './events.queries';

/**
 * How events follow a changed course (issue 29: courses publish, events react): a tee an event plays from
 * cannot be removed; the throw rolls the course update back and the route answers 409.
 */
export const eventCourseSubscriptions: Subscriptions = {
  'course.tees_removing': async (tx, { teeIds }) => {
    const event = await findEventUsingTees(tx, teeIds);
    if (event) throw new ConflictError(msg.courseTeeInUse.replace('{title}', `'${event.title}'`));
  },
};
