import { COMMUNITY_RULES, type CommunityRule } from '../community-rules';
import type { ReportReason } from '../options';

/** The community rule a report's reason points to, when the moderator names none. */
const REASON_RULE: Record<ReportReason, CommunityRule['id'] | null> = {
  harassment: 1,
  fake: 2,
  spam: 3,
  inappropriate: 4,
  underage: 5,
  other: null,
};

/** The rule a decision rests on: the one the moderator chose, else the one the reason points to. */
export function decisionRule(reason: ReportReason, ruleId?: number): CommunityRule | null {
  const id = ruleId ?? REASON_RULE[reason];
  return COMMUNITY_RULES.find((r) => r.id === id) ?? null;
}

/** New conversations (first messages to members never written to before) a member may start per hour. */
export const NEW_CONVERSATIONS_PER_HOUR = 10;
/** Near-same first messages within the hour that flag the sender to the moderators. */
export const SPAM_FLAG_SAME_FIRST_MESSAGES = 5;

/** A message reduced to what a copy-paste with small edits keeps: lower case letters and digits, single spaces. */
export function normaliseMessage(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function wordPairs(text: string): Set<string> {
  const words = normaliseMessage(text).split(' ').filter(Boolean);
  if (words.length < 2) return new Set(words);
  const pairs = new Set<string>();
  for (let i = 0; i < words.length - 1; i++) pairs.add(`${words[i]} ${words[i + 1]}`);
  return pairs;
}

/**
 * Whether two messages are the same or near-same: equal once normalised (case, accents, punctuation,
 * spacing), or sharing at least 70 % of their word pairs (a name or a word swapped in a template).
 */
export function nearSame(a: string, b: string): boolean {
  const na = normaliseMessage(a);
  const nb = normaliseMessage(b);
  if (na === nb) return true;
  const pa = wordPairs(a);
  const pb = wordPairs(b);
  if (pa.size < 3 || pb.size < 3) return false;
  let shared = 0;
  for (const p of pa) if (pb.has(p)) shared++;
  return shared / Math.max(pa.size, pb.size) >= 0.7;
}

/**
 * The largest group of near-same messages among `messages` (each compared with the group's first):
 * what the spam check counts among a member's first messages of the hour.
 */
export function largestNearSameGroup(messages: readonly string[]): string[] {
  let best: string[] = [];
  const groups: string[][] = [];
  for (const m of messages) {
    const group = groups.find((g) => nearSame(g[0], m));
    if (group) group.push(m);
    else groups.push([m]);
  }
  for (const g of groups) if (g.length > best.length) best = g;
  return best;
}
