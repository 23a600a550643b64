import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Database, Db } from '../db/client';
import {
  ballGroups,
  courses,
  courseTees,
  eventNotifications,
  eventRegistrations,
  events,
  feedback,
  idpAccounts,
  images,
  messages,
  newsletterSubscribers,
  users,
} from '../db/schema';
import { DEMO_COURSES } from './demo-courses';
import { buildDemoEvents, type DemoEvent, totalPrice } from './demo-events';
import { buildFeedback, buildNewsletterSubscribers } from './demo-feedback';
import { type DemoImage, eventSvg, profileSvg, renderEventImage, renderProfileImage } from './demo-images';
import {
  buildConversations,
  buildGroupMessages,
  type ConversationPlan,
  type Correspondent,
} from './demo-messages';
import { buildDemoPeople, type DemoPerson } from './demo-people';
import {
  ballGroupsOf,
  buildNotifications,
  buildRegistrations,
  type Registrant,
  type SeededEvent,
} from './demo-registrations';
import { courseFor, pickScoredEvent, type SeededCourse, seedDemoRound } from './demo-scores';
import { settleRegistrations } from './demo-settlement';
import { createRng, HOUR, seededUuid } from './random';

/** The password of every demo login (README lists the three fixed accounts). */
export const DEMO_PASSWORD = 'golf1234';

/** The three fixed demo logins (admin, Pro, free member); the production warning names them. */
export const DEMO_LOGINS = ['admin@singelgolf.test', 'pro@singelgolf.test', 'free@singelgolf.test'] as const;

/** One seed for all the pseudo-random choices, so every run builds the same community. */
const SEED = 19_042_025;

interface PreparedMember extends DemoPerson {
  id: string;
  idpId: string;
  passwordHash: string;
  image: DemoImage | null;
  imageId: string | null;
}

interface PreparedEvent {
  plan: DemoEvent;
  image: DemoImage;
  imageId: string;
}

/**
 * Fills an empty database with a believable Swedish community: about forty
 * members (three fixed logins, password golf1234), events past, ongoing and
 * upcoming, registrations, conversations, group chat, feedback. Does nothing and
 * answers false when there is already a member. All rows go in one transaction,
 * under the cluster lock, so a crash or a second instance never leaves half a seed.
 */
export async function seedDemoDataIfEmpty(database: Database): Promise<boolean> {
  if (!(await hasNoUsers(database.db))) return false;
  const now = new Date();
  // The slow part (scrypt, image encoding) happens before the transaction opens.
  const prepared = await prepare(now);
  return database.exclusively(() =>
    database.db.transaction(async (tx) => {
      if (!(await hasNoUsers(tx))) return false;
      await insertAll(tx, prepared, now);
      return true;
    }),
  );
}

async function hasNoUsers(db: Db): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(users).limit(1);
  return rows.length === 0;
}

async function prepare(now: Date): Promise<{ members: PreparedMember[]; events: PreparedEvent[] }> {
  const people = buildDemoPeople(createRng(SEED), now);
  const plans = buildDemoEvents(now);
  // SVGs are drawn in a fixed order from one generator; only the encoding runs in parallel.
  const drawRng = createRng(SEED + 1);
  const profileSvgs = people.map((p) => (p.hasImage ? profileSvg(drawRng) : null));
  const eventSvgs = plans.map((p) => eventSvg(drawRng, { sea: p.sea }));
  // Every demo account has the same public password: one scrypt hash serves them all (40 would cost seconds).
  const [hash, profileImages, eventImages] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    Promise.all(profileSvgs.map((svg) => (svg ? renderProfileImage(svg) : null))),
    Promise.all(eventSvgs.map(renderEventImage)),
  ]);
  // Ids from a generator of their own, so that other draws never shift them.
  const idRng = createRng(SEED + 7);
  return {
    members: people.map((p, i) => ({
      ...p,
      id: seededUuid(idRng),
      idpId: seededUuid(idRng),
      passwordHash: hash,
      image: profileImages[i],
      imageId: profileImages[i] ? seededUuid(idRng) : null,
    })),
    events: plans.map((plan, i) => ({ plan, image: eventImages[i], imageId: seededUuid(idRng) })),
  };
}

function imageRow(
  id: string,
  image: DemoImage,
  entityType: 'profile' | 'event',
  entityId: string,
  createdAt: Date,
) {
  return {
    id,
    originalData: image.original,
    thumbnailData: image.thumbnail,
    mimeType: image.mimeType,
    originalSize: image.original.length,
    thumbnailSize: image.thumbnail.length,
    width: image.width,
    height: image.height,
    entityType,
    entityId,
    createdAt,
  };
}

async function insertAll(
  tx: Db,
  prepared: { members: PreparedMember[]; events: PreparedEvent[] },
  now: Date,
): Promise<void> {
  const { members } = prepared;
  const fixed = (key: DemoPerson['fixed']) => members.find((m) => m.fixed === key)!;
  const admin = fixed('admin');
  const pro = fixed('pro');
  const free = fixed('free');

  // Logins of the built-in identity provider. The app links each to its member by
  // the verified e-mail on first login, so oidc_issuer/oidc_subject stay empty here.
  // An account already there for an address keeps its own password.
  await tx
    .insert(idpAccounts)
    .values(
      members.map((m) => ({
        id: m.idpId,
        email: m.user.email.toLowerCase(),
        passwordHash: m.passwordHash,
        firstName: m.user.firstName,
        lastName: m.user.lastName,
        // Demo logins are ready to use: their addresses count as confirmed.
        emailVerifiedAt: m.user.createdAt ?? now,
        createdAt: m.user.createdAt,
      })),
    )
    .onConflictDoNothing();
  await tx.insert(users).values(
    members.map((m) => ({
      ...m.user,
      id: m.id,
      profileImageId: m.imageId,
      emailVerifiedAt: m.user.createdAt ?? now,
    })),
  );
  const profileImages = members.flatMap((m) =>
    m.image && m.imageId ? [imageRow(m.imageId, m.image, 'profile', m.id, m.user.createdAt ?? now)] : [],
  );
  await tx.insert(images).values(profileImages);

  const seeded: SeededEvent[] = [];
  for (const e of prepared.events) {
    const [row] = await tx
      .insert(events)
      .values({ ...e.plan.row, price: totalPrice(e.plan.row), createdBy: admin.id, imageId: e.imageId })
      .returning({ id: events.id });
    seeded.push({ id: row.id, plan: e.plan });
    await tx
      .insert(images)
      .values(imageRow(e.imageId, e.image, 'event', String(row.id), e.plan.row.createdAt));
  }

  const pool: Registrant[] = members
    .filter((m) => m.user.membershipType === 'pro' || m.user.role === 'admin')
    .map((m) => ({
      id: m.id,
      handicap: m.user.handicap ?? null,
      golfId: m.user.golfId ?? null,
      joinedAt: m.user.createdAt ?? now,
    }));
  const registrations = buildRegistrations(
    createRng(SEED + 2),
    seeded,
    pool,
    { proId: pro.id, adminId: admin.id },
    now,
  );
  settleRegistrations(
    createRng(SEED + 8),
    seeded,
    registrations,
    new Map(members.map((m) => [m.id, `${m.user.firstName} ${m.user.lastName}`])),
    now,
  );
  // The past round that gets scores, a leaderboard and results (issue 29) is played in groups too.
  const scored = pickScoredEvent(seeded, now);
  for (const { id, plan } of seeded.filter((e) => e.plan.ballGroups || e === scored)) {
    const groups = ballGroupsOf(registrations.filter((r) => r.eventId === id));
    const rows = await tx
      .insert(ballGroups)
      .values(
        groups.map((_, i) => ({
          eventId: id,
          name: `Boll ${i + 1}`,
          createdAt: new Date(plan.row.startTime.getTime() - 20 * HOUR),
        })),
      )
      .returning({ id: ballGroups.id });
    groups.forEach((group, i) => {
      for (const r of group) r.groupId = rows[i].id;
    });
  }
  await tx.insert(eventRegistrations).values(registrations);
  const notifications = buildNotifications(seeded, registrations, now);
  if (notifications.length > 0) await tx.insert(eventNotifications).values(notifications);

  const directMessages = buildConversations(
    createRng(SEED + 3),
    conversationPlans(createRng(SEED + 4), members, { admin, pro, free }),
    now,
  );
  const groupMessages = buildGroupMessages(createRng(SEED + 5), seeded, registrations, now);
  await tx.insert(messages).values([...directMessages, ...groupMessages]);

  const generated = members.filter((m) => !m.fixed);
  await tx.insert(feedback).values(
    buildFeedback(
      createRng(SEED + 6),
      [free, ...generated].map((m) => ({ id: m.id, createdAt: m.user.createdAt ?? now })),
      now,
    ),
  );
  await tx.insert(newsletterSubscribers).values(buildNewsletterSubscribers(now)).onConflictDoNothing();
  const demoCourses = await insertCourses(tx);
  if (scored)
    await seedDemoRound(
      tx,
      createRng(SEED + 9),
      scored,
      courseFor(scored, demoCourses),
      registrations,
      new Map(members.map((m) => [m.id, m.user.gender ?? null])),
    );
}

/** The demo's golf courses with their tees, in a fixed order (issue 29); answers them with their ids. */
async function insertCourses(tx: Db): Promise<SeededCourse[]> {
  const seededCourses: SeededCourse[] = [];
  for (const course of DEMO_COURSES) {
    const { tees, ...values } = course;
    const [row] = await tx.insert(courses).values(values).returning({ id: courses.id });
    const teeRows = await tx
      .insert(courseTees)
      .values(
        tees.map((t, position) => ({
          courseId: row.id,
          position,
          name: t.name,
          color: t.color,
          ratings: t.ratings,
          holes: t.holesData.map((h) => ({ ...h, lengthMeters: h.lengthMeters ?? null })),
        })),
      )
      .returning({ id: courseTees.id, ratings: courseTees.ratings, holes: courseTees.holes });
    seededCourses.push({ id: row.id, name: values.name, club: values.club, tees: teeRows });
  }
  return seededCourses;
}

/**
 * Twelve conversations: three each for pro@ and free@ (one unread for each),
 * the admin welcoming the newest member, and five among the others.
 */
function conversationPlans(
  rng: ReturnType<typeof createRng>,
  members: PreparedMember[],
  fixed: { admin: PreparedMember; pro: PreparedMember; free: PreparedMember },
): ConversationPlan[] {
  const c = (m: PreparedMember): Correspondent => ({
    id: m.id,
    firstName: m.user.firstName,
    createdAt: m.user.createdAt ?? new Date(0),
  });
  const generated = members.filter((m) => !m.fixed);
  const newest = generated.reduce((a, b) => ((a.user.createdAt ?? 0) > (b.user.createdAt ?? 0) ? a : b));
  const beginner = generated.find((m) => m !== newest && (m.user.handicap ?? 54) > 30) ?? generated[0];
  const others = rng.shuffle(generated.filter((m) => m !== newest && m !== beginner)).map(c);
  const next = () => others.pop()!;
  const [admin, pro, free] = [c(fixed.admin), c(fixed.pro), c(fixed.free)];
  const o = Array.from({ length: 15 }, next);
  return [
    { a: o[0], b: pro, dialogue: 0, unreadBy: pro },
    { a: o[1], b: pro, dialogue: 7 },
    { a: o[2], b: pro, dialogue: 10 },
    { a: o[3], b: free, dialogue: 3, unreadBy: free },
    { a: free, b: o[4], dialogue: 8 },
    { a: free, b: o[5], dialogue: 9 },
    { a: admin, b: c(newest), dialogue: 6 },
    { a: o[6], b: o[7], dialogue: 1, unreadBy: o[7] },
    { a: o[8], b: o[9], dialogue: 2 },
    { a: c(beginner), b: o[10], dialogue: 4 },
    { a: o[11], b: o[12], dialogue: 5, unreadBy: o[11] },
    { a: o[13], b: o[14], dialogue: 11 },
  ];
}
