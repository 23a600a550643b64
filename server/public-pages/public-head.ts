import { EARLY_TAP_CATCHER } from '@common/early-taps';
import { escapeHtml as esc } from '@common/html';
import { formatDayRange, isMultiDay } from '@common/rules/event-kind';
import { AVAILABILITY_LABELS, eventAvailability } from '@common/rules/event-phase';
import { formatKr } from '@common/rules/money';
import { type RenderedApp, SSR_RENDERED_AT_ATTRIBUTE, SSR_STATE_ID } from '@common/ssr';
import { formatStockholmDayTime } from '@common/time';
import type { EventWithCounts } from '../events/events.queries';
import type { PageStyles } from './ssr';

/** JSON inside <script type="application/ld+json">: nothing in it can close the element. */
const jsonForScript = (v: unknown) =>
  JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const shorten = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/** What a public page puts in <head> and, before the app starts, in #root. */
export interface PublicPage {
  title: string;
  description: string;
  /** Path under PUBLIC_URL (canonical and og:url). */
  path: string;
  image?: string;
  ogType?: string;
  jsonLd?: unknown;
  /** Plain HTML shown until the app has started (and read by crawlers that run no scripts). */
  body: string;
}

const imageUrl = (publicUrl: string, e: Pick<EventWithCounts, 'imageId' | 'imageUrl'>) =>
  e.imageId
    ? `${publicUrl}/api/images/${e.imageId}/original`
    : e.imageUrl?.startsWith('http')
      ? e.imageUrl
      : undefined;

/** schema.org Event of an event page (issue 17): status, place, offer and capacity from the real counts. */
export function eventJsonLd(e: EventWithCounts, publicUrl: string, now = new Date()) {
  const url = `${publicUrl}/events/${e.id}`;
  const capacity = e.maxParticipants ?? undefined;
  const availability = eventAvailability(e, now);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: e.description ?? undefined,
    startDate: e.startTime.toISOString(),
    endDate: e.endTime.toISOString(),
    eventStatus:
      e.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: e.location, address: e.location },
    image: imageUrl(publicUrl, e),
    url,
    organizer: { '@type': 'Organization', name: 'Singelgolf', url: publicUrl },
    offers: {
      '@type': 'Offer',
      price: e.price,
      priceCurrency: 'SEK',
      url,
      availability:
        availability === 'full'
          ? 'https://schema.org/SoldOut'
          : availability === 'open' || availability === 'few' || availability === 'ongoing'
            ? 'https://schema.org/InStock'
            : 'https://schema.org/Discontinued',
    },
    maximumAttendeeCapacity: capacity,
    remainingAttendeeCapacity: capacity !== undefined ? Math.max(0, capacity - e.registeredCount) : undefined,
  };
}

/** When an event is: a trip by its days ('11–13 december 2026'), a round by its day and start time. */
const eventWhen = (e: { startTime: Date; endTime: Date }) =>
  isMultiDay(e) ? formatDayRange(e, { year: true }) : formatStockholmDayTime(e.startTime);

/** The event page's head and first content. */
export function eventPage(e: EventWithCounts, publicUrl: string, now = new Date()): PublicPage {
  const when = eventWhen(e);
  const status = AVAILABILITY_LABELS[eventAvailability(e, now)];
  const summary = `${when} · ${e.location} · ${formatKr(e.price)} · ${status}`;
  return {
    title: `${e.title} – Singelgolf`,
    description: shorten(e.description ? `${summary}. ${e.description}` : summary, 200),
    path: `/events/${e.id}`,
    image: imageUrl(publicUrl, e),
    ogType: 'website',
    jsonLd: eventJsonLd(e, publicUrl, now),
    body: `<main class="sg-pre"><p><a href="/events">Alla evenemang</a></p><h1>${esc(e.title)}</h1><p>${esc(summary)}</p>${
      e.description ? `<p>${esc(e.description)}</p>` : ''
    }</main>`,
  };
}

/** A list page (landing, /events): the events not over yet, each linked, and an ItemList for crawlers. */
export function eventListPage(
  events: EventWithCounts[],
  publicUrl: string,
  page: { title: string; heading: string; description: string; path: string },
): PublicPage {
  const items = events.map(
    (e) =>
      `<li><a href="/events/${e.id}">${esc(e.title)}</a> – ${esc(eventWhen(e))}, ${esc(e.location)}</li>`,
  );
  return {
    title: page.title,
    description: page.description,
    path: page.path,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: events.map((e, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `${publicUrl}/events/${e.id}`,
        name: e.title,
      })),
    },
    body: `<main class="sg-pre"><h1>${esc(page.heading)}</h1><p>${esc(page.description)}</p><ul>${items.join('')}</ul></main>`,
  };
}

/** The app rendered by the server (client/entry-server.tsx): its markup, query data and the page's styles. */
export interface RenderedPage extends RenderedApp {
  styles: PageStyles;
  /** Rendered for one logged-in member from their own data: never kept by any cache (issue 33). */
  private?: boolean;
}

/**
 * The stylesheets whose rules are in the page's <style>, as disabled links (never fetched nor applied): the
 * app's chunk loader (Vite's preload helper), which looks for a stylesheet link of the same address before it
 * loads a chunk's styles, then neither fetches them again nor waits for them before hydrating.
 */
const inlinedSheetMarks = (sheets: string[]) =>
  sheets.map((href) => `<link rel="stylesheet" href="${esc(href)}" disabled />`).join('');

/**
 * index.html with the page's title, description, canonical link, Open Graph tags, JSON-LD and first content:
 * the app rendered by the server with the data to hydrate it from, or else the page's plain HTML.
 */
export function renderPublicPage(
  template: string,
  page: PublicPage,
  publicUrl: string,
  app?: RenderedPage,
): string {
  const url = `${publicUrl}${page.path}`;
  const head = [
    `<title>${esc(page.title)}</title>`,
    `<meta name="description" content="${esc(page.description)}" />`,
    `<link rel="canonical" href="${esc(url)}" />`,
    `<meta property="og:site_name" content="Singelgolf" />`,
    `<meta property="og:locale" content="sv_SE" />`,
    `<meta property="og:type" content="${esc(page.ogType ?? 'website')}" />`,
    `<meta property="og:title" content="${esc(page.title)}" />`,
    `<meta property="og:description" content="${esc(page.description)}" />`,
    `<meta property="og:url" content="${esc(url)}" />`,
    page.image ? `<meta property="og:image" content="${esc(page.image)}" />` : '',
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}" />`,
    page.jsonLd ? `<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>` : '',
    ...(app
      ? [
          // Every rule the page needs is in the page: nothing blocks the first paint but the HTML itself.
          `<style>${app.styles.css.replace(/<\/style/gi, '<\\/style')}</style>`,
          // Taps on the painted page before the app's code has run are held for it (allowed by its hash).
          `<script>${EARLY_TAP_CATCHER}</script>`,
        ]
      : // The plain first content in the site's font and width until the app replaces it.
        [
          '<style>.sg-pre{max-width:960px;margin:0 auto;padding:88px 16px 24px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#212529}.sg-pre a{color:#207a3b}</style>',
        ]),
  ]
    .filter(Boolean)
    .join('\n    ');
  return (
    (app ? template.replace(/\s*<link rel="stylesheet"[^>]*>/g, '') : template)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      // Functions, so a `$&` in an event's text is not read as a replacement pattern.
      .replace('</head>', () => `    ${head}\n  </head>`)
      .replace('<div id="root"></div>', () =>
        app
          ? `<div id="root">${app.html}</div><script type="application/json" id="${SSR_STATE_ID}" ${SSR_RENDERED_AT_ATTRIBUTE}="${app.renderedAt}">${jsonForScript(app.state)}</script>${inlinedSheetMarks(app.styles.sheets)}`
          : `<div id="root">${page.body}</div>`,
      )
  );
}
