import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { buildCalendar, type CalendarEvent, eventToIcs, eventUid } from './events.ics';

const PUBLIC_URL = 'https://singelgolf.se';

/**
 * Reads an iCalendar text the way RFC 5545 says a reader must: every line ends in CRLF, a line longer than
 * 75 octets is folded (CRLF and a space), BEGIN/END nest. Answers the components with their properties
 * (name with parameters -> value) so a test can check them; throws on a malformed file.
 */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  type Component = { name: string; props: Map<string, string>; children: Component[] };
  const root: Component = { name: '', props: new Map(), children: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`not a content line: ${line}`);
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (key === 'BEGIN') {
      const c: Component = { name: value, props: new Map(), children: [] };
      stack[stack.length - 1].children.push(c);
      stack.push(c);
    } else if (key === 'END') {
      const open = stack.pop();
      if (open?.name !== value) throw new Error(`END:${value} closes ${open?.name}`);
    } else {
      stack[stack.length - 1].props.set(key, value);
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children.map((c) => c.name)).toEqual(['VCALENDAR']);
  return root.children[0];
}

const midsummer: CalendarEvent = {
  id: 7,
  title: 'Midsommargolf, med lunch; och fika',
  description: 'Samling vid klubbhuset.\nTa med paraply\\regnställ.',
  location: 'Bro Hof Slott GK, Stora banan',
  startTime: new Date('2030-06-21T08:00:00Z'),
  endTime: new Date('2030-06-21T14:30:00Z'),
  status: 'upcoming',
};
const winter: CalendarEvent = {
  id: 8,
  title: 'Vintergolf i Båstad – en lång titel som blir längre än sjuttiofem oktetter på en rad',
  description: null,
  location: 'Båstad GK',
  startTime: new Date('2030-01-10T09:00:00Z'),
  endTime: new Date('2030-01-10T13:00:00Z'),
  status: 'cancelled',
};

describe('buildCalendar', () => {
  it('writes a valid calendar: one VTIMEZONE, a VEVENT per event, times in Stockholm', () => {
    const now = new Date('2030-01-01T12:34:56Z');
    const cal = parseIcs(buildCalendar([midsummer, winter], { publicUrl: PUBLIC_URL, now }));
    expect(cal.props.get('VERSION')).toBe('2.0');
    expect(cal.props.get('PRODID')).toBe('-//Singelgolf//Evenemang//SV');
    expect(cal.props.get('METHOD')).toBe('PUBLISH');
    expect(cal.children.map((c) => c.name)).toEqual(['VTIMEZONE', 'VEVENT', 'VEVENT']);
    const [tz, summer, cold] = cal.children;
    expect(tz.props.get('TZID')).toBe('Europe/Stockholm');
    expect(tz.children.map((c) => c.name)).toEqual(['DAYLIGHT', 'STANDARD']);

    // Summer: UTC+2; winter: UTC+1. DTSTAMP is UTC.
    expect(summer.props.get('DTSTART;TZID=Europe/Stockholm')).toBe('20300621T100000');
    expect(summer.props.get('DTEND;TZID=Europe/Stockholm')).toBe('20300621T163000');
    expect(cold.props.get('DTSTART;TZID=Europe/Stockholm')).toBe('20300110T100000');
    expect(cold.props.get('DTEND;TZID=Europe/Stockholm')).toBe('20300110T140000');
    expect(summer.props.get('DTSTAMP')).toBe('20300101T123456Z');

    // Text escaped (RFC 5545 3.3.11); the description ends with the event's address.
    expect(summer.props.get('SUMMARY')).toBe('Midsommargolf\\, med lunch\\; och fika');
    expect(summer.props.get('LOCATION')).toBe('Bro Hof Slott GK\\, Stora banan');
    expect(summer.props.get('DESCRIPTION')).toBe(
      'Samling vid klubbhuset.\\nTa med paraply\\\\regnställ.\\n\\nhttps://singelgolf.se/events/7',
    );
    expect(summer.props.get('URL;VALUE=URI')).toBe('https://singelgolf.se/events/7');
    expect(summer.props.get('STATUS')).toBe('CONFIRMED');
    expect(cold.props.get('STATUS')).toBe('CANCELLED');
    expect(cold.props.get('DESCRIPTION')).toBe('https://singelgolf.se/events/8');
    // The long Swedish title survives folding whole.
    expect(cold.props.get('SUMMARY')).toBe(winter.title);
  });

  it('keeps one UID per event whenever the file is made, and names a feed', () => {
    const a = parseIcs(eventToIcs(midsummer, `${PUBLIC_URL}/`, new Date('2030-01-01T00:00:00Z')));
    const b = parseIcs(eventToIcs(midsummer, PUBLIC_URL, new Date('2030-02-01T00:00:00Z')));
    const uid = (c: ReturnType<typeof parseIcs>) =>
      c.children.find((x) => x.name === 'VEVENT')?.props.get('UID');
    expect(uid(a)).toBe('event-7@singelgolf.se');
    expect(uid(b)).toBe(uid(a));
    expect(eventUid(8, PUBLIC_URL)).toBe('event-8@singelgolf.se');
    const feed = parseIcs(buildCalendar([], { publicUrl: PUBLIC_URL, name: 'Mina golfresor' }));
    expect(feed.props.get('X-WR-CALNAME')).toBe('Mina golfresor');
    expect(feed.children).toEqual([]);
  });
});

describe('GET /api/events/{id}/calendar.ics', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers the event as a calendar file to anyone; 404 and 400 otherwise', async () => {
    const e = await buildEvent(t.db, {
      title: 'Höstgolf i Halmstad',
      startTime: new Date('2030-10-28T07:00:00Z'),
      endTime: new Date('2030-10-28T12:00:00Z'),
      status: 'cancelled',
    });
    const res = await t.anon.get(`/api/events/${e.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="singelgolf-event-${e.id}.ics"`);
    const event = parseIcs(res.body).children.find((c) => c.name === 'VEVENT')!;
    // The day after summer time ends (27 October 2030): UTC+1.
    expect(event.props.get('DTSTART;TZID=Europe/Stockholm')).toBe('20301028T080000');
    expect(event.props.get('SUMMARY')).toBe('Höstgolf i Halmstad');
    expect(event.props.get('STATUS')).toBe('CANCELLED');
    expect(event.props.get('UID')).toBe(`event-${e.id}@localhost:5000`);

    const missing = await t.anon.get('/api/events/999999/calendar.ics');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBeTruthy();
    expect((await t.anon.get('/api/events/abc/calendar.ics')).statusCode).toBe(400);
  });
});
