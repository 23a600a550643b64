import { IMAGE_MAX_BYTES } from '@common/limits';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { adminEmailsRoutes } from './admin/admin-emails.routes';
import { adminMembersRoutes } from './admin/admin-members.routes';
import { adminStatisticsRoutes } from './admin/admin-statistics.routes';
import { adminStatsRoutes } from './admin/admin-stats.routes';
import { announcementsRoutes } from './announcements/announcements.routes';
import { auditRoutes } from './audit/audit.routes';
import { accountRoutes } from './auth/account.routes';
import { pruneAccountRecords } from './auth/account-tokens';
import { authRoutes } from './auth/auth.routes';
import { registerCurrentUser } from './auth/current-user';
import { pruneIdpModels } from './auth/idp/adapter';
import { idpRoutes } from './auth/idp/idp.routes';
import { createBuiltInIssuer } from './auth/idp/provider';
import { inProcessFetch } from './auth/in-process-fetch';
import { passkeyIdpRoutes } from './auth/passkeys/passkeys.idp-routes';
import { passkeysRoutes } from './auth/passkeys/passkeys.routes';
import { createRelyingParty } from './auth/relying-party';
import { getOrCreateSecret, randomSecret } from './auth/secrets';
import { rememberingSigner } from './auth/session-signer';
import { findGroupsByIds } from './ball-groups/ball-groups.queries';
import { ballGroupsRoutes } from './ball-groups/ball-groups.routes';
import { blockedPairsRoutes } from './ball-groups/blocked-pairs.routes';
import { addTogetherPairsSource } from './ball-groups/together-sources';
import { billingRoutes } from './billing/billing.routes';
import { handlePaymentCheckouts } from './billing/billing.sync';
import { blocksRoutes } from './blocks/blocks.routes';
import { calendarFeedRoutes } from './calendar-feed/calendar-feed.routes';
import type { Config } from './config';
import { coursesRoutes } from './courses/courses.routes';
import type { Database, Db } from './db/client';
import { subscribe } from './domain-events/domain-events';
import { registerEmailJobs } from './email/email.jobs';
import type { MailSettings } from './email/outbox';
import { outboxStats } from './email/outbox.queries';
import { eventPaymentsRoutes } from './event-payments/event-payments.routes';
import { handleEventFeeEvent } from './event-payments/event-payments.service';
import { countEventPhotos } from './event-photos/event-photos.queries';
// Trip photos (issue 30)
import { eventPhotosRoutes } from './event-photos/event-photos.routes';
import { canSeePhotoImage } from './event-photos/event-photos.service';
import { eventCourseSubscriptions } from './events/course-subscriptions';
import { eventsRoutes } from './events/events.routes';
import { exportsRoutes } from './exports/exports.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { feedbackSubscriptions } from './feedback/feedback-subscriptions';
import { healthRoutes } from './health/health.routes';
import { registerImageJobs } from './images/images.jobs';
import { imagesRoutes } from './images/images.routes';
import { createJobs, type Jobs } from './jobs/jobs';
import { registerMeetAgainJobs } from './meet-again/meet-again.jobs';
import { meetAgainRoutes } from './meet-again/meet-again.routes';
import { golfBuddyPairs } from './meet-again/meet-again.service';
import { meetAgainSubscriptions } from './meet-again/meet-again.subscriptions';
import { membersRoutes } from './members/members.routes';
import { messagesRoutes } from './messages/messages.routes';
import { createMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/metrics.routes';
import { myDataRoutes } from './my-data/my-data.routes';
import { ballGroupPreviewRoutes } from './notifications/ball-group-preview.routes';
import { ballGroupSubscriptions } from './notifications/ball-group-subscriptions';
import { billingSubscriptions, eventPaymentSubscriptions } from './notifications/billing-subscriptions';
import { blockSubscriptions } from './notifications/block-subscriptions';
import { eventNoticeSubscriptions } from './notifications/event-subscriptions';
import { messageNoticeSubscriptions } from './notifications/message-subscriptions';
import { registerNotifications } from './notifications/notifications.routes';
import { registrationNoticeSubscriptions } from './notifications/registration-subscriptions';
import { registerReminderJobs } from './notifications/reminders.jobs';
import { reportSubscriptions } from './notifications/report-subscriptions';
// Samåkning and room-sharing (issue 30)
import { rideNoticeSubscriptions } from './notifications/ride-subscriptions';
import { changeWatchesPlugin } from './plugins/change-watches';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSafeDefaults } from './plugins/safe-defaults';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { createSessionStore } from './plugins/session-store';
import { registerStaticClient } from './plugins/static-client';
import { publicPagesRoutes } from './public-pages/public-pages.routes';
import { registerPush } from './push/push.routes';
import { realtimeSubscriptions } from './realtime/live-subscriptions';
import { pruneStalePresence } from './realtime/presence';
import { WS_MAX_PAYLOAD_BYTES } from './realtime/realtime.hub';
import { realtimeRoutes } from './realtime/realtime.routes';
import { registerDietaryJobs } from './registrations/dietary.jobs';
import { registrationEventSubscriptions } from './registrations/event-subscriptions';
import { registerOfferJobs } from './registrations/offers.jobs';
import { offersRoutes } from './registrations/offers.routes';
import { findLiveRegistration } from './registrations/registrations.queries';
import { registrationsRoutes } from './registrations/registrations.routes';
import { roomWishRoutes } from './registrations/room-wish.routes';
import { roomingRoutes } from './registrations/rooming.routes';
import { upcomingEventsRoutes } from './registrations/upcoming.routes';
import { listReportedTargetIds } from './reports/reports.queries';
import { reportsRoutes } from './reports/reports.routes';
import { spamReportSubscriptions } from './reports/spam-subscriptions';
import { rideEventSubscriptions } from './rides/event-subscriptions';
import { rideMemberSubscriptions } from './rides/member-subscriptions';
import { ridesRoutes } from './rides/rides.routes';
import { registerScoringJobs } from './scoring/scoring.jobs';
import { scoringRoutes } from './scoring/scoring.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** How e-mail leaves (outbox; captured without SMTP_URL): pass to `enqueueEmail`. */
    mail: MailSettings;
    /** Background jobs (pg-boss); running only when built with `startJobs`. */
    jobs: Jobs;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Start the background jobs (e-mail sending, sweeps) when the app is ready: the server does, tests choose. */
  startJobs?: boolean;
}

/**
 * The domains' reactions to each other's domain events (issue 31), from the bottom layer up, so that
 * within one event the lower subscriber runs first. Added once per process (subscribe is idempotent).
 */
function subscribeDomains(): void {
  subscribe(eventCourseSubscriptions);
  subscribe(registrationEventSubscriptions);
  subscribe(spamReportSubscriptions);
  subscribe(eventNoticeSubscriptions);
  subscribe(registrationNoticeSubscriptions);
  subscribe(messageNoticeSubscriptions);
  subscribe(blockSubscriptions);
  subscribe(reportSubscriptions);
  subscribe(billingSubscriptions);
  subscribe(eventPaymentSubscriptions);
  subscribe(ballGroupSubscriptions);
  subscribe(realtimeSubscriptions);
  subscribe(feedbackSubscriptions);
  subscribe(meetAgainSubscriptions);
  // Samåkning (issue 30): rides go with a cancelled event; their notices.
  subscribe(rideEventSubscriptions);
  subscribe(rideMemberSubscriptions);
  subscribe(rideNoticeSubscriptions);
}

/** Builds the whole app (API, IdP, WebSocket, client) without listening; tests inject into it. */
export async function buildApp({
  config,
  database,
  logger,
  startJobs = false,
}: BuildOptions): Promise<FastifyInstance> {
  subscribeDomains();
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Let requests in flight finish on close; refuse new ones.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mail', {
    from: config.mailFrom,
    publicUrl: config.publicUrl,
    capture: !config.SMTP_URL,
    log: app.log,
  } satisfies MailSettings);
  const jobs = createJobs(database, config, app.log);
  app.decorate('jobs', jobs);
  registerEmailJobs(jobs, {
    database,
    log: app.log,
    sender: config.SMTP_URL
      ? {
          smtpUrl: config.SMTP_URL,
          from: config.mailFrom,
          publicUrl: config.publicUrl,
          retryBaseSeconds: config.EMAIL_RETRY_BASE_SECONDS,
          maxAttempts: config.EMAIL_MAX_ATTEMPTS,
        }
      : null,
  });
  registerImageJobs(jobs, { db: database.db, log: app.log });
  registerReminderJobs(jobs, { db: database.db, log: app.log });
  registerOfferJobs(jobs, { db: database.db, log: app.log });
  registerDietaryJobs(jobs, { db: database.db, log: app.log });
  registerMeetAgainJobs(jobs, { db: database.db, log: app.log });
  // 'Vill ses igen' sits above ball groups: its golf-buddy matches count as play-together wishes (issue 30).
  addTogetherPairsSource(golfBuddyPairs);
  registerScoringJobs(jobs, { db: database.db, log: app.log });
  // Billing's webhook hands paid event fees up to event-payments, which sits above it (issue 31).
  handlePaymentCheckouts('event_fee', handleEventFeeEvent);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // The zod validator (with the object-body guard), NUL refusal, no-store on API answers, the route catalog.
  registerSafeDefaults(app);
  // Metrics (issue 32): a registry of this app's own, GET /metrics, the timing of every request; the outbox
  // and the jobs report at each scrape (realtime and push report from their own registration).
  const metrics = createMetrics({ enabled: Boolean(config.METRICS_TOKEN), database, log: app.log });
  metrics.sources.emails = () => outboxStats(database.db);
  metrics.sources.jobs = () => jobs.counts();
  app.decorate('metrics', metrics);
  registerMetrics(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Singelgolf API', version: '1.0.0', description: 'The API behind singelgolf.se' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // SESSION_SECRET may list several (the first signs, all verify); unset, one generated once into the database.
  const sessionSecrets = config.SESSION_SECRET ?? [
    await getOrCreateSecret(database, 'session_secret', randomSecret(48)),
  ];
  const store = await createSessionStore(database, config.SESSION_MAX_AGE_DAYS);
  app.addHook('onClose', () => store.close().catch(() => {}));
  await app.register(cookie);
  // Sessions written only when changed; one used after half its lifetime is extended (plugins/session.ts).
  registerSession(app, {
    store,
    signer: rememberingSigner(sessionSecrets),
    cookieName: 'sg.sid',
    maxAgeMs: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
  });
  registerCurrentUser(app);
  await registerSecurity(app);
  await app.register(changeWatchesPlugin);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });

  // Login: the built-in issuer unless an external one is configured; the app is a relying party either way.
  const loginRateLimit = config.RATE_LIMIT_LOGIN_PER_MINUTE;
  let rp: ReturnType<typeof createRelyingParty>;
  if (config.builtInIssuer) {
    const issuer = await createBuiltInIssuer(config, database);
    const linkLoginSecret = await getOrCreateSecret(database, 'idp_link_login_key', randomSecret(32));
    await app.register(idpRoutes, { issuer, loginRateLimit, linkLoginSecret });
    await app.register(passkeyIdpRoutes, { issuer });
    rp = createRelyingParty(config, {
      issuer: issuer.issuer,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      fetch: inProcessFetch(app, config.publicUrl),
    });
  } else {
    rp = createRelyingParty(config, {
      issuer: config.OIDC_ISSUER_URL!,
      clientId: config.OIDC_CLIENT_ID!,
      clientSecret: config.OIDC_CLIENT_SECRET!,
    });
  }
  await app.register(authRoutes, { rp, loginRateLimit });
  await app.register(accountRoutes);
  await app.register(passkeysRoutes);

  await app.register(healthRoutes);
  // Registrations and ball groups sit above events and registrations: their queries are handed in.
  await app.register(eventsRoutes, { liveRegistration: findLiveRegistration, photoCount: countEventPhotos });
  await app.register(eventPhotosRoutes, {
    reportedPhotoIds: (db, reporterId) => listReportedTargetIds(db, reporterId, 'photo'),
  });
  await app.register(ballGroupsRoutes);
  await app.register(ballGroupPreviewRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminStatisticsRoutes);
  await app.register(adminMembersRoutes);
  await app.register(adminEmailsRoutes);
  await app.register(messagesRoutes);
  await app.register(realtimeRoutes);
  await app.register(registrationsRoutes, { groupsByIds: findGroupsByIds });
  await app.register(offersRoutes);
  await app.register(roomWishRoutes);
  await app.register(upcomingEventsRoutes);
  // Samåkning and room-sharing (issue 30)
  await app.register(ridesRoutes);
  await app.register(roomingRoutes);
  await app.register(announcementsRoutes);
  await app.register(coursesRoutes);
  await app.register(scoringRoutes);
  await app.register(auditRoutes);
  await app.register(exportsRoutes);
  await app.register(imagesRoutes, {
    // A trip photo's bytes under the gallery's rules (its reports are the reports domain's).
    privateImages: {
      event_photo: (db, viewer, imageId) =>
        canSeePhotoImage(db, viewer, imageId, async (d, reporterId, photoId) =>
          (await listReportedTargetIds(d, reporterId, 'photo')).includes(photoId),
        ),
    },
  });
  await app.register(membersRoutes);
  await app.register(blocksRoutes);
  await app.register(blockedPairsRoutes);
  await app.register(myDataRoutes);
  await app.register(reportsRoutes);
  await app.register(feedbackRoutes);
  await app.register(billingRoutes);
  await app.register(eventPaymentsRoutes);
  await app.register(meetAgainRoutes);
  // `app.push` (web push with the VAPID keys) and its routes; the personal calendar feed.
  await registerPush(app);
  // The notification centre's routes, one-click unsubscribe and the e-mail/push fan-out job.
  await registerNotifications(app);
  await app.register(calendarFeedRoutes);
  // The public pages with their head and content, before the client's files and fallback.
  await app.register(publicPagesRoutes, {
    db: app.db,
    publicUrl: app.config.publicUrl,
    events: app.watches.events,
    memberPages: app.config.memberServerRender,
  });
  await registerStaticClient(app);

  // Expired sessions and IdP records are removed hourly.
  const prune = setInterval(
    () => {
      store.prune().catch((err) => app.log.warn({ err }, 'session prune failed'));
      pruneIdpModels(database.db).catch((err) => app.log.warn({ err }, 'idp prune failed'));
      pruneAccountRecords(database.db).catch((err) => app.log.warn({ err }, 'account links prune failed'));
      pruneStalePresence(database.db).catch((err) => app.log.warn({ err }, 'presence prune failed'));
    },
    60 * 60 * 1000,
  );
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
  // Jobs stop (handlers finish) on close, before the caller closes the database.
  app.addHook('onClose', async () => jobs.stop(5_000));
  if (startJobs) app.addHook('onReady', async () => jobs.start());

  return app;
}
