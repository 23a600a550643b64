import { msg } from '@common/messages';
import { stockholmDate } from '@common/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { buildAdmin, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const PUBLIC_KEYS = [
  'age',
  'birthDate',
  'children',
  'civilStatus',
  'club',
  'createdAt',
  'dream',
  'firstName',
  'fullName',
  'gender',
  'golfId',
  'handicap',
  'hasGolfamoreCard',
  'hasGolfstarMembership',
  'id',
  'interests',
  'lastName',
  'lifeCircumstance',
  'location',
  'lookingFor',
  'meetupInterests',
  'profession',
  'profileImageId',
  'profileImageUrl',
  'role',
  'username',
];
const PRIVATE_KEYS = [
  'email',
  'isPro',
  'emailVerified',
  'pendingEmail',
  'membershipType',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'subscriptionPeriodEnd',
  'subscriptionStatus',
  'updatedAt',
];
const FULL_KEYS = [...PUBLIC_KEYS, ...PRIVATE_KEYS].sort();

describe('members directory GET /api/users', () => {
  let t: TestContext;
  let member: TestClient;
  let admin: TestClient;
  const tag = `dir${Date.now().toString(36)}`;
  const names: string[] = [];

  beforeAll(async () => {
    t = await createTestContext();
    const me = await buildUser(t.db, { firstName: 'Mia', lastName: 'Medlem' });
    member = await t.as(me);
    admin = await t.as(await buildAdmin(t.db));
    // A directory slice all carrying the tag in their club, so other rows in the database do not matter.
    const rows = [
      {
        firstName: 'Åsa',
        lastName: 'Öberg',
        location: 'Östersund',
        handicap: 5.9,
        gender: 'female' as const,
      },
      { firstName: 'Erik', lastName: 'Ek', location: 'Malmö', handicap: 6, gender: 'male' as const },
      { firstName: 'Lena', lastName: 'Lind', location: 'Umeå', handicap: 10.9, gender: 'female' as const },
      { firstName: 'Olof', lastName: 'Ström', location: 'Åre', handicap: 11, gender: 'male' as const },
      { firstName: 'Pia', lastName: 'Plus', location: 'Visby', handicap: -2.3, gender: 'female' as const },
      { firstName: 'Rut', lastName: 'Rask', location: 'Kiruna', handicap: 20.9, gender: 'other' as const },
      { firstName: 'Sten', lastName: 'Sjö', location: 'Luleå', handicap: 21, gender: 'male' as const },
      { firstName: 'Nils', lastName: 'Nollsson', location: 'Gävle', handicap: null, gender: 'male' as const },
    ];
    // Birth dates around today's date in Sweden: Åsa turns 30 today, Erik turns 30 tomorrow.
    const today = stockholmDate(new Date());
    const yearsBefore = (years: number, days = 0) => {
      const d = new Date(`${today}T12:00:00Z`);
      d.setUTCFullYear(d.getUTCFullYear() - years);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const birthDates: Record<string, string> = {
      Åsa: yearsBefore(30),
      Erik: yearsBefore(30, 1),
      Lena: yearsBefore(45),
      Olof: yearsBefore(72),
    };
    for (const r of rows) {
      const u = await buildUser(t.db, {
        ...r,
        birthDate: birthDates[r.firstName] ?? null,
        club: `${tag} GK`,
        stripeCustomerId: `cus_${r.firstName}${tag}`,
        stripeSubscriptionId: `sub_${r.firstName}${tag}`,
      });
      names.push(u.fullName!);
    }
  });
  afterAll(() => t.close());

  const list = async (c: TestClient, query: string) => {
    const res = await c.get(`/api/users?${query}`);
    expect(res.statusCode).toBe(200);
    return {
      body: res.json() as Array<Record<string, unknown>>,
      total: Number(res.headers['x-total-count']),
    };
  };

  it('answers 401 to a visitor', async () => {
    const res = await t.anon.get('/api/users');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: msg.notLoggedIn });
  });

  it('answers 400 with a message for a bad filter or page', async () => {
    for (const [q, message] of [
      ['handicap=5-9', 'Ogiltigt handicapintervall'],
      ['gender=robot', 'Ogiltigt kön'],
      ['limit=0', 'limit måste vara 1–100'],
      ['offset=-1', 'offset måste vara 0 eller mer'],
    ]) {
      const res = await member.get(`/api/users?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('gives members only public fields, every key checked', async () => {
    const { body } = await list(member, `q=${tag}&limit=100`);
    expect(body).toHaveLength(8);
    for (const u of body) expect(Object.keys(u).sort()).toEqual(PUBLIC_KEYS);
    const detail = await member.get(`/api/users/${body[0].id}`);
    expect(Object.keys(detail.json()).sort()).toEqual(PUBLIC_KEYS);
  });

  it('gives admins full records', async () => {
    const { body } = await list(admin, `q=${tag}&limit=100`);
    for (const u of body) expect(Object.keys(u).sort()).toEqual(FULL_KEYS);
    expect(body.every((u) => String(u.stripeCustomerId).startsWith('cus_'))).toBe(true);
  });

  it('searches name, club and location ignoring case and accents', async () => {
    const byLocation = await list(member, `q=${encodeURIComponent(`ostersund ${tag}`)}`);
    expect(byLocation.body.map((u) => u.fullName)).toEqual(['Åsa Öberg']);
    const byName = await list(member, `q=${encodeURIComponent(`STROM ${tag}`)}`);
    expect(byName.body.map((u) => u.location)).toEqual(['Åre']);
    const accented = await list(member, `q=${encodeURIComponent(`LULEÅ ${tag}`)}`);
    expect(accented.body.map((u) => u.fullName)).toEqual(['Sten Sjö']);
    const none = await list(member, `q=${encodeURIComponent(`%_ ${tag}`)}`);
    expect(none.total).toBe(0);
    const byClub = await list(member, `q=${tag.toUpperCase()}`);
    expect(byClub.total).toBe(8);
  });

  it('filters by handicap band; no handicap only under all', async () => {
    const band = async (b: string) =>
      (await list(member, `q=${tag}&handicap=${encodeURIComponent(b)}`)).body.map((u) => u.firstName).sort();
    expect(await band('0-5')).toEqual(['Pia', 'Åsa']);
    expect(await band('6-10')).toEqual(['Erik', 'Lena']);
    expect(await band('11-15')).toEqual(['Olof']);
    expect(await band('16-20')).toEqual(['Rut']);
    expect(await band('21+')).toEqual(['Sten']);
    expect(await band('all')).toContain('Nils');
  });

  it('filters by age band from the birth date (today in Sweden), and by ort ignoring case and accents', async () => {
    const names = async (query: string) =>
      (await list(member, `q=${tag}&${query}`)).body.map((u) => u.firstName).sort();
    expect(await names('age=18-29')).toEqual(['Erik']);
    expect(await names('age=30-39')).toEqual(['Åsa']);
    expect(await names('age=40-49')).toEqual(['Lena']);
    expect(await names('age=70%2B')).toEqual(['Olof']);
    // Members without a birth date are only under 'all'.
    expect(await names('age=all')).toContain('Nils');
    expect(await names('location=ostersund')).toEqual(['Åsa']);
    expect(await names('location=LULE')).toEqual(['Sten']);
    expect(await names('location=ostersund&age=18-29')).toEqual([]);
    const bad = await member.get('/api/users?age=25-35');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ogiltigt åldersintervall');
  });

  it('filters by gender', async () => {
    const { body, total } = await list(member, `q=${tag}&gender=female`);
    expect(total).toBe(3);
    expect(body.every((u) => u.gender === 'female')).toBe(true);
  });

  it('pages in a stable order, every member exactly once, with the total in a header', async () => {
    const seen: string[] = [];
    let total = -1;
    for (let offset = 0; offset < 20; offset += 3) {
      const page = await list(member, `q=${tag}&limit=3&offset=${offset}`);
      total = page.total;
      seen.push(...page.body.map((u) => u.fullName as string));
    }
    expect(total).toBe(8);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect([...seen].sort()).toEqual([...names].sort());
    const again = await list(member, `q=${tag}&limit=100`);
    expect(again.body.map((u) => u.fullName)).toEqual(seen);
  });

  it('counts beyond one page, and a saved profile moves the member between filters at once', async () => {
    const before = await list(member, `q=${tag}&gender=female&limit=1`);
    expect(before.total).toBe(3);
    const lena = (await list(admin, `q=${encodeURIComponent(`lind ${tag}`)}`)).body[0];
    const res = await admin.put(`/api/users/${lena.id}`, {
      firstName: 'Lena',
      lastName: 'Lind',
      email: lena.email,
      handicap: 10.9,
      golfId: '700101-001',
      club: `${tag} GK`,
      gender: 'male',
      birthDate: '1970-01-01',
      civilStatus: 'single',
      children: 'Inga',
      profession: 'Pilot',
      dream: 'Albatross',
      location: 'Umeå',
      interests: 'Golf',
      meetupInterests: ['Fika', 'Film', 'Resor'],
      lookingFor: ['Partner'],
    });
    expect(res.statusCode).toBe(200);
    expect((await list(member, `q=${tag}&gender=female&limit=1`)).total).toBe(2);
    expect((await list(member, `q=${tag}&gender=male&limit=1`)).total).toBe(5);
  });

  it('follows members added or changed outside this server (another instance, a script) within a second', async () => {
    const query = `q=${encodeURIComponent(`${tag} zäta`)}`;
    expect((await list(member, query)).total).toBe(0);
    // Written straight to the database: only the trigger's NOTIFY tells this server.
    const [zeta] = await t.db
      .insert(users)
      .values({
        email: `zeta-${tag}@example.se`,
        firstName: 'Zeta',
        lastName: 'Zäta',
        fullName: 'Zeta Zäta',
        club: `${tag} GK`,
      })
      .returning();
    await expect.poll(async () => (await list(member, query)).total, { timeout: 1000, interval: 20 }).toBe(1);
    await t.db.update(users).set({ club: 'Annan GK' }).where(eq(users.id, zeta.id));
    await expect.poll(async () => (await list(member, query)).total, { timeout: 1000, interval: 20 }).toBe(0);
    await t.db.delete(users).where(eq(users.id, zeta.id));
  });

  it('pages through the whole directory without a filter', async () => {
    const all = await list(member, 'limit=100');
    const ids = new Set<string>();
    for (let offset = 0; offset < all.total; offset += 4) {
      for (const u of (await list(member, `limit=4&offset=${offset}`)).body) ids.add(u.id as string);
    }
    const count = await t.db.$count(users);
    expect(all.total).toBe(count);
    expect(ids.size).toBe(count);
  });
});

describe('one member GET /api/users/{id}', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401, 404, public for others and full for self and admins', async () => {
    const other = await buildUser(t.db, { stripeCustomerId: `cus_other${Date.now()}` });
    const me = await buildUser(t.db);
    expect((await t.anon.get(`/api/users/${other.id}`)).statusCode).toBe(401);
    const c = await t.as(me);
    const missing = await c.get('/api/users/nobody-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: msg.userNotFound });
    const pub = (await c.get(`/api/users/${other.id}`)).json();
    expect(Object.keys(pub).sort()).toEqual(PUBLIC_KEYS);
    const own = (await c.get(`/api/users/${me.id}`)).json();
    expect(Object.keys(own).sort()).toEqual(FULL_KEYS);
    expect(own.email).toBe(me.email);
    const admin = await t.as(await buildAdmin(t.db));
    const seenByAdmin = (await admin.get(`/api/users/${other.id}`)).json();
    expect(seenByAdmin.email).toBe(other.email);
    expect(seenByAdmin.stripeCustomerId).toBe(other.stripeCustomerId);
  });
});

describe('members directory by län GET /api/users?county=', () => {
  let t: TestContext;
  let member: TestClient;
  const tag = `lan${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestContext();
    member = await t.as(await buildUser(t.db));
    // A slice carrying the tag in their club; places as members write them.
    const rows = [
      { firstName: 'Greta', location: 'Göteborg', gender: 'female' as const, handicap: 8 },
      { firstName: 'Gustav', location: '  göteborg ', gender: 'male' as const, handicap: 18 },
      { firstName: 'Maja', location: 'MOLNDAL', gender: 'female' as const, handicap: 22 },
      { firstName: 'Hisa', location: 'Göteborg, Hisingen', gender: 'female' as const, handicap: 8 },
      { firstName: 'Malte', location: 'Malmö', gender: 'male' as const, handicap: 8 },
      { firstName: 'Vera', location: 'Visby', gender: 'female' as const, handicap: 8 },
      { firstName: 'Hanna', location: 'Håbo', gender: 'female' as const, handicap: 8 },
      { firstName: 'Hugo', location: 'Habo', gender: 'male' as const, handicap: 8 },
      { firstName: 'Noa', location: null, gender: 'other' as const, handicap: 8 },
    ];
    for (const r of rows) await buildUser(t.db, { ...r, lastName: `Län${tag}`, club: `${tag} GK` });
  });
  afterAll(() => t.close());

  const names = async (query: string) => {
    const res = await member.get(`/api/users?q=${tag}&${query}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ firstName: string }>;
    return { names: body.map((u) => u.firstName).sort(), total: Number(res.headers['x-total-count']) };
  };

  it('answers 400 Okänt län for a county that is not an SCB county code', async () => {
    for (const county of ['99', '02', '1', 'stockholm', 'Skåne län', '']) {
      const res = await member.get(`/api/users?county=${encodeURIComponent(county)}`);
      expect(res.statusCode, county).toBe(400);
      expect(res.json()).toEqual({ message: 'Okänt län' });
    }
    expect((await t.anon.get('/api/users?county=14')).statusCode).toBe(401);
  });

  it("lists the members whose place is one of the county's municipalities, without regard to case, accents or spaces", async () => {
    expect(await names('county=14')).toEqual({ names: ['Greta', 'Gustav', 'Maja'], total: 3 });
    expect(await names('county=12')).toEqual({ names: ['Malte'], total: 1 });
    // Counted beyond the first page too (the total query gets the county).
    expect((await names('county=14&limit=1')).total).toBe(3);
  });

  it('leaves out members of other counties and places that are not a municipality', async () => {
    // Göteborg's members are not in Skåne; Visby is a town of Gotland's municipality, not its name.
    expect((await names('county=12')).names).not.toContain('Greta');
    expect(await names('county=09')).toEqual({ names: [], total: 0 });
    expect(await names('county=01')).toEqual({ names: [], total: 0 });
    // A place with more than the municipality's name is not matched (equality, not a part).
    expect((await names('county=14')).names).not.toContain('Hisa');
    // Håbo (Uppsala län) and Habo (Jönköpings län) differ only by their accent.
    expect(await names('county=03')).toEqual({ names: ['Hanna'], total: 1 });
    expect(await names('county=06')).toEqual({ names: ['Hugo'], total: 1 });
  });

  it('combines with the other filters', async () => {
    expect((await names('county=14&gender=female')).names).toEqual(['Greta', 'Maja']);
    expect((await names('county=14&handicap=16-20')).names).toEqual(['Gustav']);
    expect((await names('county=14&handicap=21%2B&gender=female')).names).toEqual(['Maja']);
    expect((await names('county=14&location=molndal')).names).toEqual(['Maja']);
    expect((await names('county=12&location=goteborg')).names).toEqual([]);
    expect((await names('county=14&gender=other')).names).toEqual([]);
  });

  it('is in the OpenAPI document as one of the county codes', async () => {
    const doc = (await t.anon.get('/api/docs/json')).json();
    const params = doc.paths['/api/users'].get.parameters as Array<{
      name: string;
      schema: { enum?: string[] };
    }>;
    const county = params.find((p) => p.name === 'county');
    expect(county?.schema.enum).toHaveLength(21);
    expect(county?.schema.enum).toContain('14');
  });
});
