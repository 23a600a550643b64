import { HOLES_CSV_MAX_CHARS } from '../limits';
import { msg } from '../messages';
import type { HoleInput } from './course';

/** The header of a tee's holes file, as the admin page offers it (Swedish, semicolon-separated). */
export const HOLES_CSV_HEADER = ['Hål', 'Par', 'Hcp-index', 'Längd'] as const;

export type HolesCsvResult = { holes: HoleInput[] } | { error: string };

const normalise = (cell: string) => cell.trim().replace(/^"|"$/g, '').trim().toLocaleLowerCase('sv');

/**
 * Reads a tee's holes from a CSV text (issue 29): a header `Hål;Par;Hcp-index;Längd` (the length column
 * may be left out), then one row per hole. Semicolons (Excel in Swedish) or commas separate the cells;
 * empty lines are skipped. Answers the holes as typed, or the first problem of the file's form; whether
 * the holes make a valid tee is for `holesProblems` to say, as for holes typed in the form.
 */
export function parseHolesCsv(text: string): HolesCsvResult {
  if (text.length > HOLES_CSV_MAX_CHARS) return { error: msg.holesCsvTooLong };
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return { error: msg.holesCsvHeader };
  const separator = lines[0].includes(';') ? ';' : ',';
  const header = lines[0].split(separator).map(normalise);
  const expected = HOLES_CSV_HEADER.map((h) => h.toLocaleLowerCase('sv'));
  const withLength = header.length === 4;
  if (header.length < 3 || header.length > 4 || header.some((h, i) => h !== expected[i]))
    return { error: msg.holesCsvHeader };
  const holes: HoleInput[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const cells = line.split(separator).map((c) => c.trim().replace(/^"|"$/g, '').trim());
    const ints = cells.map((c) => (/^\d{1,4}$/.test(c) ? Number(c) : Number.NaN));
    const [number, par, strokeIndex, length] = ints;
    const lengthGiven = withLength && cells[3] !== undefined && cells[3] !== '';
    if (
      cells.length > header.length ||
      [number, par, strokeIndex].some(Number.isNaN) ||
      (lengthGiven && Number.isNaN(length))
    )
      return { error: msg.holesCsvRow.replace('{row}', String(i + 2)) };
    holes.push({ number, par, strokeIndex, ...(lengthGiven ? { lengthMeters: length } : {}) });
  }
  return { holes };
}
