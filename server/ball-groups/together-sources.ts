import type { Db } from '../db/client';

/**
 * Pairs of the field that wish to play together, known to a domain above ball groups (issue 30: golf
 * buddies of 'Vill ses igen'). The generator treats them like an admin's play-together requests. Such a
 * domain hands its source in at app start (server/app.ts), so ball groups never imports it.
 */
export type TogetherPairsSource = (db: Db, userIds: readonly string[]) => Promise<[string, string][]>;

const sources = new Set<TogetherPairsSource>();

/** Adds a source (app start; the same function again changes nothing). */
export function addTogetherPairsSource(source: TogetherPairsSource): void {
  sources.add(source);
}

/** The pairs every source knows among the field's members (a pair may come twice: the generator counts it once). */
export async function extraTogetherPairs(db: Db, userIds: readonly string[]): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const source of sources) out.push(...(await source(db, userIds)));
  return out;
}
