import { z } from 'zod';

/** zod's own Swedish texts (its `sv` locale), for every kind of issue we do not word ourselves below. */
const zodSwedish = z.locales.sv().localeError;

/** Swedish names of the values a request carries (zod's `sv` leaves 'string', 'object', 'boolean' in English). */
const VALUE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'ett tal',
  int: 'ett heltal',
  bigint: 'ett heltal',
  nan: 'ett ogiltigt tal',
  boolean: 'sant eller falskt',
  object: 'ett objekt',
  array: 'en lista',
  date: 'ett datum',
  null: 'inget värde',
  undefined: 'inget värde',
};
const valueName = (type: string) => VALUE_NAMES[type] ?? 'ett annat värde';

/** The kind of value a request carried, in the names above. */
function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

type Issue = z.core.$ZodRawIssue;
type SizeIssue = Issue & { origin?: string; maximum?: unknown; minimum?: unknown; inclusive?: boolean };

/** A length or size bound in plain Swedish: 'högst 300 tecken', 'minst 1', 'under 5'. */
function sizeMessage(iss: SizeIssue, big: boolean): string | undefined {
  const limit = String(big ? iss.maximum : iss.minimum);
  const bound = big
    ? iss.inclusive === false
      ? 'under'
      : 'högst'
    : iss.inclusive === false
      ? 'över'
      : 'minst';
  if (iss.origin === 'string') return `${big ? 'För lång' : 'För kort'}: ${bound} ${limit} tecken`;
  if (iss.origin === 'array' || iss.origin === 'set')
    return `${big ? 'För många' : 'För få'}: ${bound} ${limit}`;
  if (iss.origin === 'number' || iss.origin === 'bigint')
    return `${big ? 'För stort' : 'För litet'}: ${bound} ${limit}`;
  return undefined;
}

/** zod's message for an issue no schema worded itself, in Swedish, without the field. */
function swedishMessage(iss: Issue): string {
  if (iss.code === 'invalid_type') {
    return `Ogiltigt värde: förväntade ${valueName(iss.expected)}, fick ${valueName(receivedType(iss.input))}`;
  }
  if (iss.code === 'too_big' || iss.code === 'too_small') {
    const own = sizeMessage(iss as SizeIssue, iss.code === 'too_big');
    if (own) return own;
  }
  // zod's sv says 'Ogiltig input' for a value that matches no alternative.
  if (iss.code === 'invalid_union') return 'Ogiltigt värde';
  const fromZod = zodSwedish(iss);
  return (typeof fromZod === 'string' ? fromZod : fromZod?.message) ?? 'Ogiltigt värde';
}

/**
 * zod's error map for issues our schemas did not word (ours, the spec's Swedish texts, always win: zod asks
 * the locale last). The field goes in front ('comment: Ogiltigt värde: förväntade text, fick ett tal'),
 * so a member sees which field and never an English default.
 */
export function swedishZodError(iss: Issue): string {
  const message = swedishMessage(iss);
  const field = (iss.path ?? []).map(String).join('.');
  return field ? `${field}: ${message}` : message;
}

/**
 * Makes zod's default messages Swedish in this process. Called when the app is built (after main.ts has
 * validated the environment, so the operator's configuration errors keep their own wording).
 */
export function setSwedishZodMessages(): void {
  z.config({ localeError: swedishZodError });
}
