import { AGE_BAND_BOUNDS, type AgeBand, type Gender, type HandicapBand } from '@common/options';
import { type CountyCode, countyPlaceNames } from '@common/regions';
import { HANDICAP_BAND_BOUNDS } from '@common/rules/handicap-band';
import type { ProfileUpdate } from '@common/schemas/users';
import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export interface MemberSearchParams {
  q?: string;
  gender?: Gender | 'all';
  handicap?: HandicapBand;
  age?: AgeBand;
  location?: string;
  /** Län: the member's place is one of the county's municipalities. */
  county?: CountyCode;
  limit: number;
  offset: number;
  /** Members who chose 'Dölj mig i medlemslistan' too (admins); left out otherwise. */
  includeHidden?: boolean;
  /** Members left out for this viewer (a block either way, server/blocks/). */
  excludeIds?: readonly string[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A member's place (trimmed) is one of the county's municipalities: without regard to case or accents,
 * normalised by the same function as the 'Ort' filter, except the names only accents tell apart from a
 * municipality elsewhere (Håbo, Habo; common/regions.ts). The names are one array parameter each.
 */
function inCounty(county: CountyCode): SQL {
  const { anyAccents, withAccents } = countyPlaceNames(county);
  const place = sql`trim(coalesce(${users.location}, ''))`;
  const byName = sql`sg_search_normalize(${place}) in (select sg_search_normalize(m) from unnest(${sql.param(anyAccents)}::text[]) as m)`;
  if (withAccents.length === 0) return byName;
  return sql`(${byName} or lower(${place}) = any(${sql.param(withAccents)}::text[]))`;
}

/** The WHERE of a directory search: every word of q somewhere in the searchable text, plus the filters. */
function directoryWhere(p: MemberSearchParams): SQL | undefined {
  const where: SQL[] = [];
  const words = (p.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    // Normalised in SQL by the same function as the index, so 'ostersund' matches 'Östersund'.
    where.push(sql`${users.searchText} like '%' || sg_search_normalize(${escapeLike(word)}) || '%'`);
  }
  if (p.gender && p.gender !== 'all') where.push(eq(users.gender, p.gender));
  if (p.handicap && p.handicap !== 'all') {
    const { min, maxExclusive } = HANDICAP_BAND_BOUNDS[p.handicap];
    where.push(isNotNull(users.handicap));
    if (min != null) where.push(gte(users.handicap, min));
    if (maxExclusive != null) where.push(lt(users.handicap, maxExclusive));
  }
  if (p.age && p.age !== 'all') {
    // Age in whole years today (Swedish date): born on or before today minus min years, and after today
    // minus (max + 1) years.
    const { min, max } = AGE_BAND_BOUNDS[p.age];
    const today = sql`(now() at time zone 'Europe/Stockholm')::date`;
    where.push(isNotNull(users.birthDate));
    where.push(sql`${users.birthDate}::date <= (${today} - make_interval(years => ${min}))::date`);
    if (max != null)
      where.push(sql`${users.birthDate}::date > (${today} - make_interval(years => ${max + 1}))::date`);
  }
  const place = p.location?.trim();
  if (place) {
    where.push(
      sql`sg_search_normalize(coalesce(${users.location}, '')) like '%' || sg_search_normalize(${escapeLike(place)}) || '%'`,
    );
  }
  if (p.county) where.push(inCounty(p.county));
  // A deleted account ('Borttagen medlem') is in nobody's directory, admins' neither.
  where.push(isNull(users.deletedAt));
  if (!p.includeHidden) where.push(eq(users.hiddenFromDirectory, false));
  if (p.excludeIds?.length) where.push(notInArray(users.id, [...p.excludeIds]));
  return where.length ? and(...where) : undefined;
}

/** One page of the members directory, by name then id: a stable order, so paging shows everyone once. */
export async function findDirectoryPage(db: Db, p: MemberSearchParams): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(directoryWhere(p))
    .orderBy(sql`${users.fullName} asc nulls last`, asc(users.id))
    .limit(p.limit)
    .offset(p.offset);
}

/** How many members match the directory's search and filters, over all pages. */
export async function countDirectory(
  db: Db,
  p: Omit<MemberSearchParams, 'limit' | 'offset'>,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(directoryWhere({ ...p, limit: 0, offset: 0 }));
  return Number(row?.n ?? 0);
}

/**
 * How many of the given members match the directory's search and filters (primary key lookups): a
 * viewer's total is the shared total less those of the members a block leaves out for them.
 */
export async function countDirectoryAmong(
  db: Db,
  p: Omit<MemberSearchParams, 'limit' | 'offset' | 'excludeIds'>,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.id, [...ids]), directoryWhere({ ...p, limit: 0, offset: 0 })));
  return Number(row?.n ?? 0);
}

/** A removed image is taken off the profiles that show it. */
export async function clearProfileImage(tx: Db, imageId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ profileImageId: null, profileImageUrl: null, updatedAt: now })
    .where(eq(users.profileImageId, imageId));
}

/** A moderator's 'Ta bort innehållet' on a profile: its free texts go. */
export async function clearProfileTexts(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ profession: null, dream: null, interests: null, lifeCircumstance: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Saves the profile form's fields (role, membership and Stripe fields are not among them); the row. */
export async function updateProfileColumns(db: Db, userId: string, input: ProfileUpdate): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      fullName: input.fullName,
      username: input.username,
      handicap: input.handicap,
      golfId: input.golfId,
      club: input.club,
      hasGolfstarMembership: input.hasGolfstarMembership,
      hasGolfamoreCard: input.hasGolfamoreCard,
      gender: input.gender,
      birthDate: input.birthDate,
      age: input.age,
      civilStatus: input.civilStatus,
      children: input.children,
      profession: input.profession,
      dream: input.dream,
      location: input.location,
      lifeCircumstance: input.lifeCircumstance,
      lookingFor: input.lookingFor,
      meetupInterests: input.meetupInterests,
      interests: input.interests,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Sets (or with null removes) a member's avatar; the row. */
export async function setProfileImageId(db: Db, userId: string, imageId: string | null): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ profileImageId: imageId, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
