import type { events } from '../db/schema';
import { DAY, HOUR, MINUTE } from './random';

export type EventInsert = typeof events.$inferInsert;

/** A demo event: its row (without creator and image) and how many members it gets. */
export interface DemoEvent {
  row: Omit<EventInsert, 'createdBy' | 'imageId' | 'price'> & {
    startTime: Date;
    endTime: Date;
    registrationDeadline: Date;
    createdAt: Date;
    maxParticipants: number;
  };
  /** Registered places taken (never above maxParticipants). */
  registered: number;
  waitlisted: number;
  /** Where pro@singelgolf.test stands in the arrival order, when registered. */
  proPosition?: number;
  /** Whether the admin has registered too. */
  withAdmin?: boolean;
  /** Playing groups of four are already made (the ongoing event). */
  ballGroups?: boolean;
  /** The picture shows the sea (the trip abroad). */
  sea?: boolean;
}

/** Total price: the registration fee plus the green fee when it is not included (spec §7). */
export function totalPrice(
  e: Pick<EventInsert, 'registrationFee' | 'greenFee' | 'greenFeeIncluded'>,
): number {
  return (e.registrationFee ?? 0) + (e.greenFeeIncluded ? 0 : (e.greenFee ?? 0));
}

/**
 * The ten demo events, relative to now: three completed, one ongoing (started
 * yesterday, ends tomorrow) and six over the next three months, one of them full
 * with a waitlist.
 */
export function buildDemoEvents(now: Date): DemoEvent[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (days: number, hours: number, minutes = 0) =>
    new Date(today + days * DAY + hours * HOUR + minutes * MINUTE);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  // The weekend trip leaves on a Friday two to three weeks ahead.
  const friday = ((5 - new Date(today).getUTCDay() + 7) % 7) + 14;

  return [
    {
      registered: 16,
      waitlisted: 0,
      proPosition: 4,
      withAdmin: true,
      row: {
        title: 'Singelgolf Open på Ullna',
        description:
          'Vår klassiska endagstävling på vackra Ullna. Vi spelar poängbogey i lottade bollar med separata klasser för damer och herrar. Dagen avslutas med prisutdelning och middag i klubbhuset. Alla handicapnivåer är välkomna!',
        location: 'Ullna GK, Åkersberga',
        startTime: at(-70, 8),
        endTime: at(-70, 17),
        registrationDeadline: at(-77, 22),
        maxParticipants: 24,
        status: 'completed',
        registrationFee: 350,
        greenFee: 650,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Sex starttider bokade från 09:00. Närmast hål på hål 5 och längsta drive på hål 12.',
        createdAt: at(-110, 10),
      },
    },
    {
      registered: 14,
      waitlisted: 0,
      row: {
        title: 'Lagtävling i Tylösand',
        description:
          'Fyrmannalag i scramble på Halmstad GK:s Norra bana, en av Sveriges mest omtyckta. Lagen lottas så att alla får spela med nya ansikten. Greenfee och lunch ingår, och efteråt samlas vi på terrassen för att dela ut vandringspriset.',
        location: 'Halmstad GK, Tylösand',
        startTime: at(-46, 7, 30),
        endTime: at(-46, 16),
        registrationDeadline: at(-53, 22),
        maxParticipants: 32,
        status: 'completed',
        registrationFee: 850,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Lunch serveras 12:30 i restaurangen. Boka bord för 32 personer.',
        createdAt: at(-90, 9),
      },
    },
    {
      registered: 12,
      waitlisted: 0,
      withAdmin: true,
      row: {
        title: 'After work – 9 hål på Bro Hof',
        description:
          'Kom direkt från jobbet och spela nio avslappnade hål på Bro Hof Slott. Vi spelar i par och räknar bara de bästa hålen. Efter rundan blir det en enkel buffé och något gott att dricka på terrassen.',
        location: 'Bro Hof Slott GK, Bro',
        startTime: at(-13, 15),
        endTime: at(-13, 19),
        registrationDeadline: at(-15, 20),
        maxParticipants: 16,
        status: 'completed',
        registrationFee: 150,
        greenFee: 300,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        notes: 'Starttider 16:00–16:40 från tee 1.',
        createdAt: at(-35, 11),
      },
    },
    {
      registered: 12,
      waitlisted: 0,
      ballGroups: true,
      row: {
        title: 'Golfdagar på Falsterbo',
        description:
          'Två dagar med 36 hål på Falsterbos klassiska links, med havet på tre sidor. Vi bor på ett litet hotell i Skanör och äter middag tillsammans på kvällen. Greenfee, lunch och fika ingår för båda dagarna.',
        location: 'Falsterbo GK, Falsterbo',
        startTime: at(-1, 8),
        endTime: at(1, 15),
        registrationDeadline: at(-8, 20),
        maxParticipants: 16,
        status: 'ongoing',
        registrationFee: 2400,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Hotellet håller tolv rum. Incheckning från 15:00 första dagen.',
        createdAt: ago(40),
      },
    },
    {
      registered: 9,
      waitlisted: 0,
      row: {
        title: 'After work – 9 hål på Ullna',
        description:
          'En snabb niohålsrunda efter jobbet följt av en bit mat i klubbhuset. Perfekt för dig som vill träffa nya golfvänner utan att det tar hela dagen. Vi spelar bästboll i par.',
        location: 'Ullna GK, Åkersberga',
        startTime: at(5, 15, 30),
        endTime: at(5, 19),
        registrationDeadline: at(4, 12),
        maxParticipants: 16,
        status: 'upcoming',
        registrationFee: 150,
        greenFee: 295,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        createdAt: ago(20),
      },
    },
    {
      registered: 16,
      waitlisted: 3,
      proPosition: 15,
      withAdmin: true,
      row: {
        title: 'Golfhelg i Båstad',
        description:
          'En hel helg i golfens Mecka! Vi spelar Båstad GK:s Gamla bana på lördagen och Torekov på söndagen, och bor på hotell mitt i Båstad med utsikt över Laholmsbukten. Greenfee, två nätter med frukost, lunch och en gemensam middag på lördagskvällen ingår.',
        location: 'Båstad GK, Båstad',
        startTime: at(friday, 9),
        endTime: at(friday + 2, 15),
        registrationDeadline: at(friday - 7, 22),
        maxParticipants: 16,
        status: 'upcoming',
        registrationFee: 3450,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
        lunchIncluded: true,
        notes: 'Åtta dubbelrum och åtta enkelrum reserverade. Middag lördag 19:00.',
        createdAt: ago(45),
      },
    },
    {
      registered: 14,
      waitlisted: 0,
      row: {
        title: 'Singeltävlingen på Bro Hof Slott',
        description:
          'Höstens stora tävlingsdag på Stadium Course, banan som arrangerat Scandinavian Masters. Slaggolf med handicap, klasser efter handicap och pris till de tre bästa i varje klass. Lunch ingår; greenfee betalas till klubben.',
        location: 'Bro Hof Slott GK, Bro',
        startTime: at(33, 8),
        endTime: at(33, 16, 30),
        registrationDeadline: at(26, 22),
        maxParticipants: 32,
        status: 'upcoming',
        registrationFee: 300,
        greenFee: 895,
        greenFeeIncluded: false,
        lunchIncluded: true,
        createdAt: ago(30),
      },
    },
    {
      registered: 7,
      waitlisted: 0,
      row: {
        title: 'Scramble på Göteborgs GK',
        description:
          'Sveriges äldsta golfklubb bjuder in till en dag av lagspel i Hovås. Vi spelar tvåmanna-scramble där lagen lottas på plats, så du behöver inte ha en partner med dig. Fika vid tian ingår.',
        location: 'Göteborgs GK, Hovås',
        startTime: at(47, 8),
        endTime: at(47, 15),
        registrationDeadline: at(40, 22),
        maxParticipants: 24,
        status: 'upcoming',
        registrationFee: 250,
        greenFee: 700,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        createdAt: ago(18),
      },
    },
    {
      registered: 10,
      waitlisted: 0,
      proPosition: 1,
      sea: true,
      row: {
        title: 'Golfresa till Costa del Sol',
        description:
          'En vecka i solen med fem rundor på några av Costa del Sols finaste banor, bland annat Valderrama-området och La Cala. Vi bor på ett golfhotell i Marbella med halvpension. Flyg från Arlanda, Landvetter eller Kastrup, transfer, greenfee och hotell ingår. Enkelrum finns mot tillägg.',
        location: 'Marbella, Spanien',
        startTime: at(68, 7),
        endTime: at(75, 18),
        registrationDeadline: at(40, 22),
        maxParticipants: 24,
        status: 'upcoming',
        registrationFee: 14900,
        greenFee: null,
        greenFeeIncluded: true,
        notes: 'Gruppbokning hos resebyrån, namnlista senast sex veckor före avresa.',
        createdAt: ago(60),
      },
    },
    {
      registered: 3,
      waitlisted: 0,
      row: {
        title: 'Nybörjarvänlig runda i Uppsala',
        description:
          'För dig som är ny på banan eller vill spela utan prestationskrav. En PGA-tränare går med de första hålen och delar med sig av tips om närspel och banstrategi. Vi spelar nio hål och fikar efteråt.',
        location: 'Upsala GK, Uppsala',
        startTime: at(88, 9),
        endTime: at(88, 14),
        registrationDeadline: at(81, 22),
        maxParticipants: 16,
        status: 'upcoming',
        registrationFee: 200,
        greenFee: 450,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        createdAt: ago(3),
      },
    },
  ];
}
