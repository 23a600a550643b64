import { HISTORY_SLOTS } from './demo-event-history';
import type { DemoEventKind, SlotFormat } from './season';

/** One way an event slot can look: what the members read, the clock times (Swedish) and the fees. */
export interface DemoVariant {
  title: string;
  description: string;
  location: string;
  /** 'HH:mm' Stockholm time on the first day, and on the last. */
  start: string;
  end: string;
  maxParticipants: number;
  registrationFee: number;
  greenFee: number | null;
  greenFeeIncluded: boolean;
  coffeeIncluded?: boolean;
  lunchIncluded?: boolean;
  notes?: string;
  /** The picture shows the sea. */
  sea?: boolean;
  /** Lines of the event's group chat. */
  chat?: string[];
}

/**
 * A demo event's place in time and in the community, whatever it looks like: days from today, its shape,
 * how many members it gets, and one variant per kind the season can give it (season.ts).
 */
export interface DemoSlot {
  /** Days from today (Stockholm) to the first day. */
  day: number;
  format: SlotFormat;
  /** Nights away, for a trip. */
  nights?: number;
  /** Registration closes this many days before the first day, at the given clock time. */
  deadline: [days: number, clock: string];
  /** The event was announced this many days before today. */
  announcedDaysAgo: number;
  registered: number;
  waitlisted: number;
  proPosition?: number;
  withAdmin?: boolean;
  ballGroups?: boolean;
  variants: Partial<Record<DemoEventKind, DemoVariant>>;
}

const SIMULATOR_HALL = 'Golfhallen Kungsholmen, Stockholm';

/** The anchors the e2e journeys find by title (e2e/support.ts): each slot's possible titles. */
export const FULL_TRIP_SLOT = 5;
export const WITH_GROUPS_SLOT = 3;
export const COMPETITION_SLOT = 6;

/**
 * The demo events, in the order they are seeded (new ones go last, so the seeded ids, pictures and
 * registrations of the earlier ones stay the same): three past, one going on now (started yesterday,
 * ends tomorrow), six coming over three months — one full with a reserve list — and four further back.
 */
export const DEMO_SLOTS: DemoSlot[] = [
  {
    day: -70,
    format: 'day',
    deadline: [7, '22:00'],
    announcedDaysAgo: 110,
    registered: 16,
    waitlisted: 0,
    proPosition: 4,
    withAdmin: true,
    variants: {
      'day-round': {
        title: 'Singelgolf Open på Ullna',
        description:
          'Vår klassiska endagstävling på vackra Ullna. Vi spelar poängbogey i lottade bollar med separata klasser för damer och herrar. Dagen avslutas med prisutdelning och middag i klubbhuset. Alla handicapnivåer är välkomna!',
        location: 'Ullna GK, Åkersberga',
        start: '09:00',
        end: '17:00',
        maxParticipants: 24,
        registrationFee: 350,
        greenFee: 650,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Sex starttider bokade från 09:00. Närmast hål på hål 5 och längsta drive på hål 12.',
      },
      'simulator-evening': {
        title: 'Singelgolf Indoor Open',
        description:
          'Vintervarianten av vår klassiska tävling: nio hål poängbogey i simulatorerna med klasser för damer och herrar. Kvällen avslutas med prisutdelning och buffé i loungen. Alla handicapnivåer är välkomna!',
        location: SIMULATOR_HALL,
        start: '18:00',
        end: '22:00',
        maxParticipants: 24,
        registrationFee: 450,
        greenFee: null,
        greenFeeIncluded: true,
        lunchIncluded: false,
        coffeeIncluded: true,
        notes: 'Sex simulatorer bokade från 18:00, fyra spelare per simulator.',
      },
    },
  },
  {
    day: -46,
    format: 'day',
    deadline: [7, '22:00'],
    announcedDaysAgo: 90,
    registered: 14,
    waitlisted: 0,
    variants: {
      'day-round': {
        title: 'Lagtävling i Tylösand',
        description:
          'Fyrmannalag i scramble på Halmstad GK:s Norra bana, en av Sveriges mest omtyckta. Lagen lottas så att alla får spela med nya ansikten. Greenfee och lunch ingår, och efteråt samlas vi på terrassen för att dela ut vandringspriset.',
        location: 'Halmstad GK, Tylösand',
        start: '09:30',
        end: '18:00',
        maxParticipants: 32,
        registrationFee: 850,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Lunch serveras 12:30 i restaurangen. Boka bord för 32 personer.',
      },
      'simulator-evening': {
        title: 'Lagtävling i simulator i Göteborg',
        description:
          'Fyrmannalag i scramble på kända banor i simulatorerna. Lagen lottas så att alla får spela med nya ansikten, och vandringspriset delas ut vid middagen efteråt.',
        location: 'Inomhusgolfen, Göteborg',
        start: '18:00',
        end: '22:00',
        maxParticipants: 32,
        registrationFee: 495,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        notes: 'Åtta simulatorer bokade. Middag 21:00 i restaurangen.',
      },
    },
  },
  {
    day: -13,
    format: 'evening',
    deadline: [2, '20:00'],
    announcedDaysAgo: 35,
    registered: 12,
    waitlisted: 0,
    withAdmin: true,
    variants: {
      'evening-round': {
        title: 'After work – 9 hål på Bro Hof',
        description:
          'Kom direkt från jobbet och spela nio avslappnade hål på Bro Hof Slott. Vi spelar i par och räknar bara de bästa hålen. Efter rundan blir det en enkel buffé och något gott att dricka på terrassen.',
        location: 'Bro Hof Slott GK, Bro',
        start: '17:00',
        end: '21:00',
        maxParticipants: 16,
        registrationFee: 150,
        greenFee: 300,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        notes: 'Starttider 17:00–17:40 från tee 1.',
      },
      'day-round': {
        title: 'Lördagsnia på Bro Hof',
        description:
          'Nio avslappnade hål på Bro Hof Slott en lördagsförmiddag, medan det fortfarande är ljust och banan är öppen. Vi spelar i par och räknar bara de bästa hålen, och äter lunch tillsammans efteråt.',
        location: 'Bro Hof Slott GK, Bro',
        start: '10:00',
        end: '14:00',
        maxParticipants: 16,
        registrationFee: 150,
        greenFee: 300,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        notes: 'Starttider 10:00–10:40 från tee 1.',
      },
      'simulator-evening': {
        title: 'After work i simulatorn',
        description:
          'Kom direkt från jobbet och spela nio hål i simulatorerna, i par där bara de bästa hålen räknas. Efteråt blir det en enkel buffé i loungen.',
        location: SIMULATOR_HALL,
        start: '17:30',
        end: '20:30',
        maxParticipants: 16,
        registrationFee: 350,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        notes: 'Fyra simulatorer bokade från 17:30.',
      },
    },
  },
  {
    day: -1,
    format: 'trip',
    nights: 2,
    deadline: [7, '20:00'],
    announcedDaysAgo: 40,
    registered: 12,
    waitlisted: 0,
    ballGroups: true,
    variants: {
      'swedish-trip': {
        title: 'Golfdagar på Falsterbo',
        description:
          'Två dagar med 36 hål på Falsterbos klassiska links, med havet på tre sidor. Vi bor på ett litet hotell i Skanör och äter middag tillsammans på kvällen. Greenfee, lunch och fika ingår för båda dagarna.',
        location: 'Falsterbo GK, Falsterbo',
        start: '10:00',
        end: '17:00',
        maxParticipants: 16,
        registrationFee: 2400,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Hotellet håller tolv rum. Incheckning från 15:00 första dagen.',
        chat: [
          'Vilken bana! Blåsigt men fantastiskt.',
          'Någon som hittade min gula regnjacka vid hål 7?',
          'Den hänger i klubbhuset, jag lämnade den i receptionen.',
          'Tack! Vi ses på frukosten i morgon – första bollen går ut 08:10.',
        ],
      },
      'trip-abroad': {
        title: 'Golfdagar i Algarve',
        description:
          'Tre dagar i vintersolen med rundor på Vilamouras Old Course och Victoria. Vi bor på ett golfhotell i Vilamoura med frukost och äter middag tillsammans i hamnen. Greenfee, hotell och transfer från Faro ingår; flyget bokar var och en.',
        location: 'Vilamoura, Portugal',
        start: '10:00',
        end: '17:00',
        maxParticipants: 16,
        registrationFee: 7900,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        notes: 'Hotellet håller tolv rum. Transfer från Faro 14:00 dagen före.',
        sea: true,
        chat: [
          'Vilken bana! 18 grader och sol, svårt att tro att det är vinter hemma.',
          'Någon som hittade min gula regnjacka vid hål 7?',
          'Den hänger i receptionen på hotellet.',
          'Tack! Vi ses på frukosten i morgon – första bollen går ut 09:10.',
        ],
      },
    },
  },
  {
    day: 5,
    format: 'evening',
    deadline: [1, '12:00'],
    announcedDaysAgo: 20,
    registered: 9,
    waitlisted: 0,
    variants: {
      'evening-round': {
        title: 'After work – 9 hål på Ullna',
        description:
          'En snabb niohålsrunda efter jobbet följt av en bit mat i klubbhuset. Perfekt för dig som vill träffa nya golfvänner utan att det tar hela dagen. Vi spelar bästboll i par.',
        location: 'Ullna GK, Åkersberga',
        start: '17:30',
        end: '21:00',
        maxParticipants: 16,
        registrationFee: 150,
        greenFee: 295,
        greenFeeIncluded: false,
        coffeeIncluded: true,
      },
      'day-round': {
        title: 'Lördagsnia på Ullna',
        description:
          'En niohålsrunda en lördagsförmiddag följt av lunch i klubbhuset. Perfekt för dig som vill träffa nya golfvänner utan att det tar hela dagen. Vi spelar bästboll i par.',
        location: 'Ullna GK, Åkersberga',
        start: '10:00',
        end: '14:00',
        maxParticipants: 16,
        registrationFee: 150,
        greenFee: 295,
        greenFeeIncluded: false,
        coffeeIncluded: true,
      },
      'simulator-evening': {
        title: 'Simulatorkväll i Solna',
        description:
          'Håll svingen varm över vintern: nio hål i simulatorerna efter jobbet, bästboll i par, och en bit mat efteråt. Perfekt för dig som vill träffa nya golfvänner utan att det tar hela kvällen.',
        location: 'Golfhallen, Solna',
        start: '18:00',
        end: '21:00',
        maxParticipants: 16,
        registrationFee: 350,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
      },
    },
  },
  {
    day: 0, // replaced by the Friday two to three weeks ahead (demo-events.ts)
    format: 'trip',
    nights: 2,
    deadline: [7, '22:00'],
    announcedDaysAgo: 45,
    registered: 16,
    waitlisted: 3,
    proPosition: 15,
    withAdmin: true,
    variants: {
      'swedish-trip': {
        title: 'Golfhelg i Båstad',
        description:
          'En hel helg i golfens Mecka! Vi spelar Båstad GK:s Gamla bana på lördagen och Torekov på söndagen, och bor på hotell mitt i Båstad med utsikt över Laholmsbukten. Greenfee, två nätter med frukost, lunch och en gemensam middag på lördagskvällen ingår.',
        location: 'Båstad GK, Båstad',
        start: '11:00',
        end: '17:00',
        maxParticipants: 16,
        registrationFee: 3450,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Åtta dubbelrum och åtta enkelrum reserverade. Middag lördag 19:00.',
        chat: [
          'Hej allihop! Så kul att vi blev fulltecknade. Någon som vill samåka från Stockholm?',
          'Jag åker från Göteborg på fredag morgon och har två lediga platser!',
          'Vet någon om det finns en range vid hotellet? Vill gärna värma upp innan första rundan.',
          'Ja, det finns range och puttinggreen precis bredvid klubbhuset.',
          'Toppen. Ser fram emot middagen på lördag!',
        ],
      },
      'trip-abroad': {
        title: 'Golfhelg på Costa Blanca',
        description:
          'En förlängd helg i solen utanför Alicante: två rundor på La Finca och en på Las Colinas, boende på golfhotellet vid banan med frukost och en gemensam middag på lördagskvällen. Greenfee, hotell och transfer ingår; flyget bokar var och en.',
        location: 'La Finca Golf, Algorfa, Spanien',
        start: '11:00',
        end: '17:00',
        maxParticipants: 16,
        registrationFee: 8900,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        notes: 'Åtta dubbelrum och åtta enkelrum reserverade. Middag lördag 20:00.',
        sea: true,
        chat: [
          'Hej allihop! Så kul att vi blev fulltecknade. Vilka flyger från Arlanda på fredag morgon?',
          'Jag flyger från Landvetter och landar i Alicante 12:40!',
          'Vet någon om det finns en range vid hotellet? Vill gärna värma upp innan första rundan.',
          'Ja, rangen ligger precis bredvid hotellet.',
          'Toppen. Ser fram emot middagen på lördag!',
        ],
      },
    },
  },
  {
    day: 33,
    format: 'day',
    deadline: [7, '22:00'],
    announcedDaysAgo: 30,
    registered: 14,
    waitlisted: 0,
    variants: {
      'day-round': {
        title: 'Singeltävlingen på Bro Hof Slott',
        description:
          'Säsongens stora tävlingsdag på Stadium Course, banan som arrangerat Scandinavian Masters. Slaggolf med handicap, klasser efter handicap och pris till de tre bästa i varje klass. Lunch ingår; greenfee betalas till klubben.',
        location: 'Bro Hof Slott GK, Bro',
        start: '10:00',
        end: '18:30',
        maxParticipants: 32,
        registrationFee: 300,
        greenFee: 895,
        greenFeeIncluded: false,
        lunchIncluded: true,
      },
      'simulator-evening': {
        title: 'Vintertävlingen i simulator',
        description:
          'Vinterns stora tävlingskväll: arton hål slaggolf med handicap på en av världens kända banor i simulatorerna, klasser efter handicap och pris till de tre bästa i varje klass. Middag ingår.',
        location: SIMULATOR_HALL,
        start: '17:00',
        end: '22:30',
        maxParticipants: 32,
        registrationFee: 595,
        greenFee: null,
        greenFeeIncluded: true,
        lunchIncluded: false,
        coffeeIncluded: true,
      },
    },
  },
  {
    day: 47,
    format: 'day',
    deadline: [7, '22:00'],
    announcedDaysAgo: 18,
    registered: 7,
    waitlisted: 0,
    variants: {
      'day-round': {
        title: 'Scramble på Göteborgs GK',
        description:
          'Sveriges äldsta golfklubb bjuder in till en dag av lagspel i Hovås. Vi spelar tvåmanna-scramble där lagen lottas på plats, så du behöver inte ha en partner med dig. Fika vid tian ingår.',
        location: 'Göteborgs GK, Hovås',
        start: '10:00',
        end: '17:00',
        maxParticipants: 24,
        registrationFee: 250,
        greenFee: 700,
        greenFeeIncluded: false,
        coffeeIncluded: true,
      },
      'simulator-evening': {
        title: 'Scramblekväll i Göteborg',
        description:
          'Tvåmanna-scramble i simulatorerna där lagen lottas på plats, så du behöver inte ha en partner med dig. Fika och en enkel buffé ingår.',
        location: 'Inomhusgolfen, Göteborg',
        start: '18:00',
        end: '21:30',
        maxParticipants: 24,
        registrationFee: 395,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
      },
    },
  },
  {
    day: 68,
    format: 'trip',
    nights: 7,
    deadline: [28, '22:00'],
    announcedDaysAgo: 60,
    registered: 10,
    waitlisted: 0,
    proPosition: 1,
    variants: {
      'swedish-trip': {
        title: 'Golfvecka i Skåne',
        description:
          'En vecka med fem rundor på några av Skånes finaste banor – Falsterbo, Ljunghusen, PGA National och Barsebäck – med boende på ett hotell i Malmö med halvpension. Greenfee, hotell och buss mellan banorna ingår. Enkelrum finns mot tillägg.',
        location: 'Barsebäck G&CC, Löddeköpinge',
        start: '10:00',
        end: '16:00',
        maxParticipants: 24,
        registrationFee: 11900,
        greenFee: null,
        greenFeeIncluded: true,
        notes: 'Hotellet håller tolv rum. Namnlista till hotellet senast fyra veckor före.',
        chat: [
          'Hej allihop! Någon som tar tåget från Stockholm på söndagen?',
          'Jag kör bil från Göteborg och har plats för en golfbag till.',
          'Har kollat vädret i Malmö – sol och 22 grader hela veckan ☀️',
        ],
      },
      'trip-abroad': {
        title: 'Golfresa till Costa del Sol',
        description:
          'En vecka i solen med fem rundor på några av Costa del Sols finaste banor, bland annat Valderrama-området och La Cala. Vi bor på ett golfhotell i Marbella med halvpension. Flyg från Arlanda, Landvetter eller Kastrup, transfer, greenfee och hotell ingår. Enkelrum finns mot tillägg.',
        location: 'Marbella, Spanien',
        start: '09:00',
        end: '20:00',
        maxParticipants: 24,
        registrationFee: 14900,
        greenFee: null,
        greenFeeIncluded: true,
        notes: 'Gruppbokning hos resebyrån, namnlista senast sex veckor före avresa.',
        sea: true,
        chat: [
          'Hej resesällskap! Någon som har tips på en bra travelcover för flyget?',
          'Jag kör med en hård travelcover och har aldrig haft problem.',
          'Har kollat vädret i Marbella – runt 20 grader och sol den veckan ☀️',
        ],
      },
    },
  },
  {
    day: 88,
    format: 'day',
    deadline: [7, '22:00'],
    announcedDaysAgo: 3,
    registered: 3,
    waitlisted: 0,
    variants: {
      'day-round': {
        title: 'Nybörjarvänlig runda i Uppsala',
        description:
          'För dig som är ny på banan eller vill spela utan prestationskrav. En PGA-tränare går med de första hålen och delar med sig av tips om närspel och banstrategi. Vi spelar nio hål och fikar efteråt.',
        location: 'Upsala GK, Uppsala',
        start: '10:00',
        end: '14:00',
        maxParticipants: 16,
        registrationFee: 200,
        greenFee: 450,
        greenFeeIncluded: false,
        coffeeIncluded: true,
      },
      'simulator-evening': {
        title: 'Nybörjarkväll i simulator i Uppsala',
        description:
          'För dig som är ny eller vill spela utan prestationskrav. En PGA-tränare visar närspel och banstrategi i simulatorn, sedan spelar vi nio hål i lugn takt och fikar efteråt.',
        location: 'Golfhallen, Uppsala',
        start: '18:00',
        end: '20:30',
        maxParticipants: 16,
        registrationFee: 300,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
      },
    },
  },
  ...HISTORY_SLOTS,
];
