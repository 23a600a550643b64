import type { messages } from '../db/schema';
import type { RegistrationInsert, SeededEvent } from './demo-registrations';
import { HOUR, MINUTE, type Rng } from './random';

export type MessageInsert = typeof messages.$inferInsert;

/** A member as the conversations need them. */
export interface Correspondent {
  id: string;
  firstName: string;
  createdAt: Date;
}

/** One line of a dialogue: who speaks (a or b) and what; {a} and {b} become first names. */
type Line = ['a' | 'b', string];

const DIALOGUES: Line[][] = [
  [
    [
      'a',
      'Hej {b}! Jag såg i din profil att du också gillar att spela tidigt på morgonen. Sugen på en runda någon lördag?',
    ],
    ['b', 'Hej {a}! Absolut, det låter jättetrevligt. Vilken bana tänkte du?'],
    ['a', 'Jag tänkte att vi kunde testa en bana mitt emellan oss. Jag kollar starttider och återkommer!'],
    [
      'b',
      'Perfekt. Säg till om du vill att jag bokar, jag har några gratisrundor kvar på mitt Golfamore-kort.',
    ],
    ['a', 'Ännu bättre! Då kör vi på det 😊'],
  ],
  [
    ['a', 'Hej! Ska du med på golfhelgen i Båstad?'],
    ['b', 'Jag funderar på det! Det vore första gången jag åker på en Singelgolf-resa.'],
    [
      'a',
      'Gör det! Jag var med förra året och det var verkligen härligt. Middagen på lördagen är ett måste.',
    ],
    ['b', 'Låter lockande. Vet du om man kan samåka?'],
    ['a', 'Jag kör ner på fredag morgon och har två platser lediga i bilen om du vill hänga med.'],
    ['b', 'Vad snällt! Jag ställer mig på väntelistan och hoppas på det bästa 🙂'],
  ],
  [
    ['a', 'Tack för en rolig runda i helgen, {b}! Du puttade som ett proffs på sista hålet.'],
    ['b', 'Haha, tack! Ren tur, jag lovar. Ses vi på nästa afterwork?'],
  ],
  [
    ['a', 'Hej {b}, vilken fin profil du har. Jag blev nyfiken på din dröm – berätta mer!'],
    ['b', 'Hej {a}! Tack, vad gulligt. Den har stått högst upp på listan i många år.'],
    ['a', 'Samma här med min. Ska vi ta en fika någon dag och planera, åtminstone på papperet?'],
    ['b', 'Det gör jag gärna. Passar torsdag efter jobbet?'],
    ['a', 'Torsdag passar perfekt. Jag hör av mig med ett ställe!'],
  ],
  [
    [
      'a',
      'Hej! Jag är ganska ny på golf och har handicap över 30. Är det okej att hänga med på era tävlingar ändå?',
    ],
    [
      'b',
      'Absolut! Vi spelar oftast scramble eller poängbogey, så alla nivåer är välkomna. Ingen räknar dina slag utom du själv 😄',
    ],
    ['a', 'Vad skönt att höra. Då anmäler jag mig till nästa!'],
  ],
  [
    ['a', 'Hej {b}, jag tror att du glömde din putter vid 18:e green i torsdags. Jag har tagit hand om den.'],
    ['b', 'Åh nej, jag har letat överallt! Tusen tack {a}.'],
    ['a', 'Inga problem. Jag kan ta med den till nästa träff, eller så ses vi på rangen i veckan?'],
    ['b', 'Rangen på onsdag låter bra, jag bjuder på kaffe som tack.'],
  ],
  [
    [
      'a',
      'Hej {b} och varmt välkommen till Singelgolf! Hör gärna av dig om du har frågor om våra träffar eller resor.',
    ],
    ['b', 'Tack så mycket! Hur fungerar bollgrupperna – får man önska vem man vill spela med?'],
    [
      'a',
      'Vi sätter ihop grupperna så att handicap och blandning blir jämna, men skriv gärna en önskan i anmälans anteckningsfält så försöker vi.',
    ],
    ['b', 'Toppen, då gör jag det!'],
  ],
  [
    ['a', 'Hej! Jag funderar på resan till Costa del Sol. Vet du om det går att boka enkelrum?'],
    ['b', 'Ja, det står i beskrivningen att enkelrum finns mot tillägg.'],
    ['a', 'Tack! Då slår jag till. Det blir min första golfresa utomlands.'],
    ['b', 'Vad roligt! Ta med solkräm och extra bollar – banorna där har mycket vatten 😅'],
    ['a', 'Haha, noterat!'],
  ],
  [
    ['a', 'Hej {b}, jag letar efter en träningskompis för närspelet i vinter. Spelar du inomhus någon gång?'],
    ['b', 'Ja, jag brukar köra simulator på tisdagar. Häng gärna med!'],
    ['a', 'Låter perfekt. Vilken tid brukar du börja?'],
    ['b', 'Vid sex. Jag bokar en bana för två så delar vi på kostnaden.'],
    ['a', 'Deal! Vi ses på tisdag.'],
    ['b', 'Ses då! 🏌️'],
    ['a', 'Förresten, har du några tips för bunkerslag? Det är min svaga punkt.'],
    ['b', 'Öppna bladet och slå i sanden ett par centimeter bakom bollen. Vi övar på det på tisdag!'],
  ],
  [
    [
      'a',
      'Hej! Jag såg att du också gillar promenader. Jag går ofta med min hund på söndagar, vill du hänga med någon gång?',
    ],
    ['b', 'Vad trevligt, det vill jag gärna! Vad heter hunden?'],
    ['a', 'Hon heter Tussa och är en glad labrador som älskar att leta golfbollar i skogen 🐕'],
    ['b', 'Haha, en riktig caddie alltså. Söndag klockan elva?'],
  ],
  [
    ['a', 'Grattis till närmast hål-priset på Ullna, {b}!'],
    ['b', 'Tack! Jag trodde inte mina ögon när bollen stannade en meter från flaggan.'],
    ['a', 'Det var snyggt spelat. Ses vi på nästa tävling?'],
  ],
  [
    ['a', 'Hej {b}! Jag läste att du gillar deckare. Har du läst något bra på sistone?'],
    ['b', 'Ja, jag läste ut en ny svensk deckare på en helg! Riktigt spännande.'],
    ['a', 'Tipsa gärna, jag behöver något till tåget. Säg bara inget om slutet 😄'],
    ['b', 'Mina läppar är förseglade. Vi kanske kan starta en liten bokklubb bland golfarna?'],
    ['a', 'Bra idé! Jag lägger upp ett förslag efter nästa träff.'],
  ],
];

/** Who talks with whom: `a` opens unless the roles swap for an unread ending. */
export interface ConversationPlan {
  a: Correspondent;
  b: Correspondent;
  /** Which of the written dialogues they have. */
  dialogue: number;
  /** The member who has not yet read the last message, if any. */
  unreadBy?: Correspondent;
}

/**
 * Direct conversations, one dialogue each, in the recent past. Messages come
 * minutes to hours apart; all are read except, where the plan says, the last
 * ones the other member sent to `unreadBy`.
 */
export function buildConversations(rng: Rng, plans: ConversationPlan[], now: Date): MessageInsert[] {
  const rows: MessageInsert[] = [];
  for (const plan of plans) {
    const dialogue = DIALOGUES[plan.dialogue % DIALOGUES.length];
    let { a, b } = plan;
    // The dialogue's last speaker must be the one who is not `unreadBy`.
    const lastSpeaker = dialogue[dialogue.length - 1][0] === 'a' ? a : b;
    if (plan.unreadBy && lastSpeaker.id === plan.unreadBy.id) [a, b] = [b, a];

    const earliest = Math.max(a.createdAt.getTime(), b.createdAt.getTime()) + 2 * HOUR;
    const latest = now.getTime() - 15 * MINUTE;
    const gaps = dialogue.map((_, k) => (k === 0 ? 0 : rng.int(4, 600) * MINUTE));
    const span = gaps.reduce((s, g) => s + g, 0);
    const start = Math.max(earliest, latest - span - rng.int(0, 35 * 24 * 60) * MINUTE);
    // Squeeze the dialogue when a member joined only lately.
    const scale = start + span > latest ? (latest - start) / span : 1;
    let t = start;
    const lines = dialogue.map(([who, text], k): MessageInsert & { receiverId: string } => {
      t += gaps[k] * scale;
      const sender = who === 'a' ? a : b;
      const receiver = who === 'a' ? b : a;
      return {
        senderId: sender.id,
        receiverId: receiver.id,
        eventId: null,
        isGroupMessage: false,
        content: text.replaceAll('{a}', a.firstName).replaceAll('{b}', b.firstName),
        sentAt: new Date(Math.round(t)),
        read: true,
      };
    });
    if (plan.unreadBy) {
      for (let k = lines.length - 1; k >= 0 && lines[k].receiverId === plan.unreadBy.id; k--)
        lines[k].read = false;
    }
    rows.push(...lines);
  }
  return rows;
}

/** Group chat on a few events, written by members registered there, after they registered. */
export function buildGroupMessages(
  rng: Rng,
  seeded: SeededEvent[],
  registrations: RegistrationInsert[],
  now: Date,
): MessageInsert[] {
  const rows: MessageInsert[] = [];
  for (const { id, plan } of seeded) {
    const lines = plan.chat;
    if (!lines?.length) continue;
    const end = Math.min(now.getTime(), plan.row.endTime.getTime()) - 10 * MINUTE;
    const stretch = lines.length * 6 * HOUR;
    // Senders had registered before the chat began.
    const members = registrations.filter(
      (r) => r.eventId === id && r.status === 'registered' && r.registeredAt!.getTime() < end - stretch,
    );
    if (members.length === 0) continue;
    const senders = rng.sample(members, Math.min(members.length, lines.length));
    // On an ongoing event the chat is about the play, so it starts after the first tee time.
    const first =
      plan.row.status === 'ongoing'
        ? Math.max(end - stretch, plan.row.startTime.getTime() + 3 * HOUR)
        : end - stretch;
    lines.forEach((content, k) => {
      const t = first + ((end - first) * (k + rng.next() * 0.5)) / lines.length;
      rows.push({
        senderId: senders[k % senders.length].userId,
        receiverId: null,
        eventId: id,
        isGroupMessage: true,
        content,
        sentAt: new Date(Math.round(t)),
      });
    });
  }
  return rows;
}
