/**
 * The server's domains in layers, bottom first (issue 31). A domain imports only from layers below
 * its own: never from its own layer, never upward. What a lower domain has to tell a higher one it
 * publishes as a domain event (server/domain-events/), to which the higher one subscribes.
 *
 * A "domain" is a folder of server/, or one of the files at server/'s root named here.
 */
export const SERVER_LAYERS: readonly (readonly string[])[] = [
  // Core: configuration, errors, the database, sessions and security plugins, jobs, the e-mail outbox,
  // and the publisher of domain events.
  ['config.ts', 'errors.ts', 'log-destination.ts', 'exit-watchdog.ts', 'db'],
  // Metrics (issue 32): the registry and GET /metrics; the domains above report into it.
  ['metrics'],
  ['plugins', 'jobs', 'domain-events', 'shutdown.ts'],
  ['email'],
  // Accounts: who a member is and how they log in.
  ['auth'],
  // Records every domain may write in its own transaction: the audit log and the push subscriptions.
  ['audit', 'push'],
  // The community, from what a member is to what they do. Courses and their tees (issue 29) sit below
  // events, which will name a course and its tees.
  ['blocks', 'images', 'courses'],
  ['members'],
  ['events'],
  ['registrations'],
  // Trip photos (issue 30): participants' photos of an event, through the image pipeline; reports and
  // a member's own data (above) ask it.
  ['event-photos'],
  ['ball-groups', 'messages', 'billing', 'calendar-feed', 'public-pages'],
  // Golf days with scores (issue 29): scorecards, leaderboards, results and the season table, on top of
  // events, their courses, registrations and ball groups.
  ['scoring'],
  ['event-payments', 'reports', 'exports'],
  // 'Samåkning' (issue 30): rides read events, registrations and blocks; notifications tells of them.
  ['rides'],
  // What reacts to the community: notices (in-app, e-mail, push) and live delivery over WebSockets.
  ['notifications'],
  // 'Vill ses igen' (issue 30): answers and matches after an event; notifies through notifications and
  // hands its golf-buddy pairs to ball groups at app start (server/ball-groups/together-sources.ts).
  ['meet-again'],
  ['realtime'],
  // Work across many domains (the organiser's tools, a member's own data, demo data), and the app.
  ['announcements', 'admin', 'my-data', 'feedback', 'health', 'seed'],
  ['app.ts'],
  ['main.ts'],
];

/** Folders of test support, outside the layers: only tests and test helpers import them. */
export const TEST_SUPPORT = ['test', 'hardening'];
/** Test support inside a domain (`server/billing/test/…`) is left out like tests. */
export const TEST_FOLDER = '/test/';
