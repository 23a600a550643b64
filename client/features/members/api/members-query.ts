import { apiRequest, checkResponse, getQueryFn } from '@client/lib/api';
import { TOTAL_COUNT_HEADER } from '@common/http-headers';
import { DIRECTORY_PAGE_SIZE } from '@common/limits';
import type { AgeBand, Gender, HandicapBand } from '@common/options';
import type { CountyCode } from '@common/regions';
import { type MemberListItem, memberListItemSchema } from '@common/schemas/users';
import type { ServerLoad } from '@common/ssr';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { z } from 'zod';

/** Query key root of GET /api/users; saving a profile invalidates it. */
export const MEMBERS_KEY = ['/api/users'] as const;

export interface DirectoryFilters {
  q: string;
  gender: Gender | 'all';
  handicap: HandicapBand;
  age: AgeBand;
  /** Ort (part of the member's location). */
  location: string;
  /** Län (SCB county code), or null for every county. */
  county: CountyCode | null;
}

export interface DirectoryPage {
  members: MemberListItem[];
  total: number;
  offset: number;
}

/** The address of one page of GET /api/users with the filters. */
function directoryUrl(filters: DirectoryFilters, offset: number): string {
  const params = new URLSearchParams({ limit: String(DIRECTORY_PAGE_SIZE), offset: String(offset) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.gender !== 'all') params.set('gender', filters.gender);
  if (filters.handicap !== 'all') params.set('handicap', filters.handicap);
  if (filters.age !== 'all') params.set('age', filters.age);
  if (filters.location.trim()) params.set('location', filters.location.trim());
  if (filters.county) params.set('county', filters.county);
  return `/api/users?${params}`;
}

/** One page of GET /api/users with the filters; the total comes from the X-Total-Count header. */
export async function fetchDirectoryPage(filters: DirectoryFilters, offset: number): Promise<DirectoryPage> {
  const url = directoryUrl(filters, offset);
  const res = await apiRequest('GET', url);
  const members = checkResponse(
    url,
    await res.json(),
    import.meta.env.DEV ? z.array(memberListItemSchema) : undefined,
  );
  return { members, total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? members.length), offset };
}

/**
 * The directory's first page as the server loads it for a member's rendered /members (issue 33): the
 * infinite query's data, as the browser's first fetch would make it.
 */
const directoryOnServer =
  (filters: DirectoryFilters): ServerLoad =>
  async (load) => {
    const answer = await load(directoryUrl(filters, 0));
    if (!answer || !Array.isArray(answer.body)) return undefined;
    const members = answer.body as MemberListItem[];
    const total = Number(answer.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? members.length);
    const page: DirectoryPage = { members, total, offset: 0 };
    return { pages: [page], pageParams: [0] };
  };

/** The directory, filtered on the server, one page at a time (the next page as the member scrolls). */
export const directoryQuery = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: [...MEMBERS_KEY, 'directory', filters],
    queryFn: ({ pageParam }) => fetchDirectoryPage(filters, pageParam),
    meta: { ssr: directoryOnServer(filters) },
    initialPageParam: 0,
    // While new filters load, the previous results stay on screen (skeletons only on the first load).
    placeholderData: keepPreviousData,
    getNextPageParam: (last) => {
      const next = last.offset + last.members.length;
      return last.members.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery(directoryQuery(filters));
}

/** GET /api/users/{id}: one member (public fields; all of them for oneself and admins). */
export const memberQuery = (id: string) =>
  queryOptions<MemberListItem>({
    queryKey: [...MEMBERS_KEY, id],
    queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? memberListItemSchema : undefined }),
  });

export function useMember(id: string | null) {
  return useQuery({ ...memberQuery(id ?? ''), enabled: Boolean(id) });
}
