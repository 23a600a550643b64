import type { FastifyInstance } from 'fastify';
import { type ChangeWatch, watchChanges } from '../db/change-watch';

declare module 'fastify' {
  interface FastifyInstance {
    /** Change counters of the data behind cached answers (events list, members directory). */
    watches: { events: ChangeWatch; users: ChangeWatch };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with the change watches, and invalidates them after every write request answered by
 * this instance (before the answer leaves, so the writer's next read is checked against the database
 * even if the trigger's NOTIFY has not arrived yet).
 */
async function changeWatchesPlugin(app: FastifyInstance) {
  const watches = {
    events: await watchChanges(app.database, 'events', 'sg_events_cache'),
    users: await watchChanges(app.database, 'users', 'sg_users_cache'),
  };
  app.decorate('watches', watches);
  // Callback-style: every answer passes it, without a promise each (issue 17).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) {
      watches.events.invalidate();
      watches.users.invalidate();
    }
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await watches.events.close();
    await watches.users.close();
  });
}

// The decoration and the hook belong to the root app, as with fastify-plugin.
Object.assign(changeWatchesPlugin, { [Symbol.for('skip-override')]: true });

export { changeWatchesPlugin };
