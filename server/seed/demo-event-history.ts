import type { DemoSlot } from './demo-slot';

/**
 * Events further back, so lists and statistics have a year of history: fewer members then (the
 * community was younger), attendance recorded and fees paid.
 */
export const HISTORY_SLOTS: DemoSlot[] = [
  {
    day: -110,
    format: 'day',
    deadline: [3, '22:00'],
    announcedDaysAgo: 140,
    registered: 12,
    waitlisted: 0,
    withAdmin: true,
    variants: {
      'day-round': {
        title: 'Slaggolf på Lidingö GK',
        description:
          'Arton hål slaggolf med handicap på Lidingös kuperade parkbana, i lottade bollar. Efter rundan äter vi tillsammans i klubbhuset och delar ut priser till de tre bästa.',
        location: 'Lidingö GK, Lidingö',
        start: '09:30',
        end: '16:30',
        maxParticipants: 16,
        registrationFee: 250,
        greenFee: 600,
        greenFeeIncluded: false,
        coffeeIncluded: true,
        lunchIncluded: true,
      },
      'simulator-evening': {
        title: 'Puttävling och simulatorkväll',
        description:
          'En kväll med puttävling på inomhusgreenen och nio hål i simulatorerna. Pris till bästa puttare och bästa lag, och en enkel buffé i loungen.',
        location: 'Golfhallen, Solna',
        start: '18:00',
        end: '21:30',
        maxParticipants: 16,
        registrationFee: 375,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
      },
    },
  },
  {
    day: -160,
    format: 'trip',
    nights: 2,
    deadline: [14, '22:00'],
    announcedDaysAgo: 200,
    registered: 8,
    waitlisted: 0,
    variants: {
      'swedish-trip': {
        title: 'Golfhelg i Halmstad',
        description:
          'En helg med rundor på Halmstad GK:s Norra bana och Tönnersjöheden, boende på hotell i centrala Halmstad med frukost och gemensam middag på lördagen. Greenfee och hotell ingår.',
        location: 'Halmstad GK, Tylösand',
        start: '11:00',
        end: '16:00',
        maxParticipants: 16,
        registrationFee: 3200,
        greenFee: null,
        greenFeeIncluded: true,
        lunchIncluded: true,
        notes: 'Sex dubbelrum och fyra enkelrum reserverade.',
      },
      'trip-abroad': {
        title: 'Golfhelg på Mallorca',
        description:
          'En förlängd helg med rundor på Alcanada och Pula, boende på hotell i Alcúdia med frukost och en gemensam middag. Greenfee, hotell och transfer från Palma ingår; flyget bokar var och en.',
        location: 'Alcanada, Mallorca, Spanien',
        start: '11:00',
        end: '16:00',
        maxParticipants: 16,
        registrationFee: 8400,
        greenFee: null,
        greenFeeIncluded: true,
        notes: 'Sex dubbelrum och fyra enkelrum reserverade.',
        sea: true,
      },
    },
  },
  {
    day: -220,
    format: 'day',
    deadline: [3, '22:00'],
    announcedDaysAgo: 245,
    registered: 6,
    waitlisted: 0,
    variants: {
      'day-round': {
        title: 'Niohålsrunda på Djursholms GK',
        description:
          'Nio hål i lugn takt på Djursholms Gröna bana, för alla nivåer. Vi spelar i lottade bollar och fikar tillsammans efteråt.',
        location: 'Djursholms GK, Djursholm',
        start: '10:00',
        end: '13:30',
        maxParticipants: 16,
        registrationFee: 150,
        greenFee: 350,
        greenFeeIncluded: false,
        coffeeIncluded: true,
      },
      'simulator-evening': {
        title: 'Närspelskväll med PGA-tränare',
        description:
          'En tränare från PGA går igenom chippar och puttar på inomhusgreenen, sedan spelar vi nio hål i simulatorerna. Fika ingår.',
        location: 'Golfhallen Kungsholmen, Stockholm',
        start: '18:00',
        end: '20:30',
        maxParticipants: 16,
        registrationFee: 295,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
      },
    },
  },
  {
    day: -280,
    format: 'day',
    deadline: [3, '22:00'],
    announcedDaysAgo: 300,
    registered: 3,
    waitlisted: 0,
    variants: {
      'day-round': {
        title: 'Första träffen på Ullna',
        description:
          'Singelgolfs allra första träff: nio hål på Ullna i lugn takt och middag i klubbhuset efteråt. Kom som du är – alla nivåer är välkomna.',
        location: 'Ullna GK, Åkersberga',
        start: '10:00',
        end: '14:00',
        maxParticipants: 16,
        registrationFee: 100,
        greenFee: 400,
        greenFeeIncluded: false,
        coffeeIncluded: true,
      },
      'simulator-evening': {
        title: 'Första träffen i simulatorn',
        description:
          'Singelgolfs allra första träff: nio hål i simulatorerna i lugn takt och middag efteråt. Kom som du är – alla nivåer är välkomna.',
        location: 'Golfhallen Kungsholmen, Stockholm',
        start: '18:00',
        end: '21:00',
        maxParticipants: 16,
        registrationFee: 250,
        greenFee: null,
        greenFeeIncluded: true,
        coffeeIncluded: true,
      },
    },
  },
];
