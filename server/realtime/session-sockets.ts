// Ended sessions are announced below realtime (server/plugins/ended-sessions.ts), by whatever ends them;
// realtime listens on that channel. Which sessions still live is read from the sessions table's queries.
export { parseEndedSessions, SESSIONS_ENDED_CHANNEL } from '../plugins/ended-sessions';
export { type LiveSession, liveSessions } from '../plugins/session-store.queries';
