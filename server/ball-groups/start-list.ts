import { createRequire } from 'node:module';
import path from 'node:path';
import { msg } from '@common/messages';
import { formatHandicap } from '@common/rules/handicap';
import type { BallGroup } from '@common/schemas/ball-groups';
import { SITE_TIME_ZONE } from '@common/time';
import type { Db } from '../db/client';
import { NotFoundError } from '../errors';
import { presentGroups } from './ball-groups.presenter';
import {
  findStartListEvent,
  type GolfFacts,
  listEventMembers,
  listGolfFacts,
  listGroups,
} from './ball-groups.queries';
import { eventPlayingHandicaps } from './playing-handicaps';

/** A pdfmake document definition (https://pdfmake.github.io/docs/0.3/document-definition-object/). */
type PdfDocument = Record<string, unknown> & { content: unknown[] };

// pdfmake's server build, without @types/pdfmake: those declarations pull the DOM library into the
// server's type check. This is the part of its API the site uses.
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as {
  setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (file: string) => boolean): void;
  createPdf(doc: PdfDocument): { getBuffer(): Promise<Buffer> };
};

// Roboto ships with pdfmake: an embedded TrueType font covers å, ä, ö and the rest of the Latin
// names members have (the 14 standard PDF fonts stop at Windows-1252). Only files under its folder are
// read, and nothing is fetched from the network.
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));

/** What the start list shows: the event and its groups in start order. */
export interface StartListData {
  title: string;
  startTime: Date;
  location: string;
  groups: BallGroup[];
  /** Golf-ID and home club by registration id (admins only: the PDF is an admin's file). */
  golf: Map<number, GolfFacts>;
  /** The event has a course: the list shows each player's playing handicap ('Spel-hcp', issue 29). */
  withPlayingHandicaps?: boolean;
}

const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SITE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** A plus handicap as '+1,4' (common/rules/handicap.ts). */
const handicap = (v: number | null) => (v === null ? '–' : formatHandicap(v));

/** A playing handicap in whole strokes: a plus one as '+1', none as '–' (issue 29). */
const strokes = (v: number | null | undefined) => (v == null ? '–' : v < 0 ? `+${-v}` : String(v));

/** Groups in the order they start: tee time, then starting hole, then as created; unset ones last. */
export function startOrder(groups: BallGroup[]): BallGroup[] {
  const key = (g: BallGroup) => [
    g.teeTime ? Date.parse(g.teeTime) : Number.POSITIVE_INFINITY,
    g.startingHole ?? 99,
  ];
  return [...groups].sort((a, b) => {
    const [ta, ha] = key(a);
    const [tb, hb] = key(b);
    return ta - tb || ha - hb || a.id - b.id;
  });
}

/** The line above a group's players: '09:10 · Hål 1 · Bollgrupp 1'. */
export function groupHeading(g: BallGroup): string {
  return [
    g.teeTimeLocal ? `${msg.groupTeeTime} ${g.teeTimeLocal}` : `${msg.groupTeeTime} ej satt`,
    g.startingHole ? `Hål ${g.startingHole}` : null,
    g.name,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The start list's document: A4, the event on top, then each group with its players, their handicaps,
 * Golf-IDs and clubs (what the starter checks) and a box for attendance.
 */
export function startListDocument(data: StartListData, opts: { compress?: boolean } = {}): PdfDocument {
  const content: unknown[] = [
    { text: `Startlista – ${data.title}`, style: 'title' },
    { text: `${dateFormat.format(data.startTime)} · ${data.location}`, style: 'subtitle' },
  ];
  for (const g of startOrder(data.groups)) {
    content.push({ text: groupHeading(g), style: 'group', unbreakable: true });
    const spel = !!data.withPlayingHandicaps;
    const header = spel
      ? ['Spelare', 'Hcp', 'Spel-hcp', 'Golf-ID', 'Klubb', 'Närvaro']
      : ['Spelare', 'Hcp', 'Golf-ID', 'Klubb', 'Närvaro'];
    content.push({
      table: {
        headerRows: 1,
        widths: spel ? ['*', 40, 45, 80, '*', 45] : ['*', 40, 80, '*', 45],
        dontBreakRows: true,
        body: [
          header.map((text) => ({ text, bold: true })),
          ...(g.members.length
            ? g.members.map((m) => {
                const golf = data.golf.get(m.id);
                const playing = spel ? [strokes(m.playingHandicap)] : [];
                return [m.name, handicap(m.handicap), ...playing, golf?.golfId ?? '–', golf?.club ?? '–', ''];
              })
            : [[{ text: 'Inga spelare', italics: true }, ...header.slice(1).map(() => '')]]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 2, 0, 10],
    });
  }
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    compress: opts.compress ?? true,
    info: { title: `Startlista – ${data.title}`, creator: 'Singelgolf' },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      title: { fontSize: 18, bold: true },
      subtitle: { fontSize: 11, color: '#444444', margin: [0, 4, 0, 14] },
      group: { fontSize: 12, bold: true, margin: [0, 6, 0, 2] },
    },
    footer: (page: number, pages: number) => ({
      text: `Sida ${page} av ${pages}`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 16, 0, 0],
    }),
    content,
  };
}

/** The start list as PDF bytes. */
export async function renderStartList(
  data: StartListData,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  return pdfmake.createPdf(startListDocument(data, opts)).getBuffer();
}

/** The event and its groups for the start list; 404 for an unknown event. */
export async function loadStartList(db: Db, eventId: number): Promise<StartListData> {
  const event = await findStartListEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  const [groups, members, golf] = await Promise.all([
    listGroups(db, eventId),
    listEventMembers(db, eventId),
    listGolfFacts(db, eventId),
  ]);
  const handicaps = await eventPlayingHandicaps(db, eventId, members);
  return {
    ...event,
    groups: presentGroups(groups, members, handicaps),
    golf,
    withPlayingHandicaps: handicaps.size > 0,
  };
}
