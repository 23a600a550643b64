import type { Page } from '@playwright/test';
import { expect } from './support';

// What the scoring journeys share (scoring.spec.ts, scoring-offline.spec.ts): API reads and writes as
// the admin, demo players and a round going on now.

export const HOUR = 3_600_000;

export interface CourseRow {
  id: number;
  name: string;
  club: string;
  holes: 9 | 18;
  tees: { id: number; name: string; ratings: { gender: 'male' | 'female' }[] }[];
}
export interface AdminUserRow {
  id: string;
  email: string | null;
  role: string;
  isPro: boolean;
}
export interface CardPlayer {
  userId: string;
  name: string;
}

export async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), `GET ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

export async function post(page: Page, url: string, data: unknown = {}): Promise<unknown> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(url, { headers: { origin }, data });
  expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Demo Pro accounts (password golf1234; members other journeys made carry a timestamp in the address and
 * passwords of their own) with a handicap of 0 to `maxHandicap` and a rated gender.
 */
export async function demoPros(page: Page, count: number, maxHandicap: number): Promise<string[]> {
  const users = await json<AdminUserRow[]>(page, '/api/admin/users?membership=pro');
  const emails: string[] = [];
  for (const u of users) {
    if (emails.length === count) break;
    if (u.role === 'admin' || !u.isPro || !/^[a-z.]+@example\.se$/.test(u.email ?? '')) continue;
    const p = await json<{ handicap: number | null; gender: string | null }>(page, `/api/users/${u.id}`);
    if (
      p.handicap !== null &&
      p.handicap >= 0 &&
      p.handicap <= maxHandicap &&
      (p.gender === 'male' || p.gender === 'female')
    )
      emails.push(u.email as string);
  }
  expect(emails).toHaveLength(count);
  return emails;
}

/** Creates (as the admin on `page`) an event that started 30 minutes ago; `golf` adds its golf fields. */
export async function createRoundGoingOn(
  page: Page,
  o: { title: string; club: string; description: string; golf?: Record<string, unknown> },
): Promise<number> {
  const origin = new URL(page.url()).origin;
  const start = new Date(Date.now() - HOUR / 2);
  const created = await page.request.post('/api/events', {
    headers: { origin },
    data: {
      title: o.title,
      location: o.club,
      description: o.description,
      maxParticipants: 8,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 6 * HOUR).toISOString(),
      registrationDeadline: null,
      status: 'upcoming',
      registrationFee: 0,
      greenFee: null,
      greenFeeIncluded: true,
      coffeeIncluded: false,
      lunchIncluded: false,
      imageId: null,
      ...o.golf,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
