/** One of Sweden's 21 counties (län) and its municipalities (kommuner), as SCB lists them. */
export interface County {
  /** SCB's county code ('01' Stockholm ... '25' Norrbotten): the directory filter's value. */
  code: string;
  name: string;
  /** The municipalities by their short names ('Göteborg', not 'Göteborgs stad'), in SCB code order. */
  municipalities: readonly string[];
}

/**
 * Sweden's counties in SCB code order, each with its municipalities: 21 counties, 290 municipalities,
 * each municipality in exactly one county (SCB's division since Knivsta 2003 and Heby's move to Uppsala
 * län 2007). The members directory's 'Län' filter lists a member whose place is one of these names.
 */
export const COUNTIES = [
  {
    code: '01',
    name: 'Stockholms län',
    municipalities: [
      'Upplands Väsby',
      'Vallentuna',
      'Österåker',
      'Värmdö',
      'Järfälla',
      'Ekerö',
      'Huddinge',
      'Botkyrka',
      'Salem',
      'Haninge',
      'Tyresö',
      'Upplands-Bro',
      'Nykvarn',
      'Täby',
      'Danderyd',
      'Sollentuna',
      'Stockholm',
      'Södertälje',
      'Nacka',
      'Sundbyberg',
      'Solna',
      'Lidingö',
      'Vaxholm',
      'Norrtälje',
      'Sigtuna',
      'Nynäshamn',
    ],
  },
  {
    code: '03',
    name: 'Uppsala län',
    municipalities: ['Håbo', 'Älvkarleby', 'Knivsta', 'Heby', 'Tierp', 'Uppsala', 'Enköping', 'Östhammar'],
  },
  {
    code: '04',
    name: 'Södermanlands län',
    municipalities: [
      'Vingåker',
      'Gnesta',
      'Nyköping',
      'Oxelösund',
      'Flen',
      'Katrineholm',
      'Eskilstuna',
      'Strängnäs',
      'Trosa',
    ],
  },
  {
    code: '05',
    name: 'Östergötlands län',
    municipalities: [
      'Ödeshög',
      'Ydre',
      'Kinda',
      'Boxholm',
      'Åtvidaberg',
      'Finspång',
      'Valdemarsvik',
      'Linköping',
      'Norrköping',
      'Söderköping',
      'Motala',
      'Vadstena',
      'Mjölby',
    ],
  },
  {
    code: '06',
    name: 'Jönköpings län',
    municipalities: [
      'Aneby',
      'Gnosjö',
      'Mullsjö',
      'Habo',
      'Gislaved',
      'Vaggeryd',
      'Jönköping',
      'Nässjö',
      'Värnamo',
      'Sävsjö',
      'Vetlanda',
      'Eksjö',
      'Tranås',
    ],
  },
  {
    code: '07',
    name: 'Kronobergs län',
    municipalities: [
      'Uppvidinge',
      'Lessebo',
      'Tingsryd',
      'Alvesta',
      'Älmhult',
      'Markaryd',
      'Växjö',
      'Ljungby',
    ],
  },
  {
    code: '08',
    name: 'Kalmar län',
    municipalities: [
      'Högsby',
      'Torsås',
      'Mörbylånga',
      'Hultsfred',
      'Mönsterås',
      'Emmaboda',
      'Kalmar',
      'Nybro',
      'Oskarshamn',
      'Västervik',
      'Vimmerby',
      'Borgholm',
    ],
  },
  { code: '09', name: 'Gotlands län', municipalities: ['Gotland'] },
  {
    code: '10',
    name: 'Blekinge län',
    municipalities: ['Olofström', 'Karlskrona', 'Ronneby', 'Karlshamn', 'Sölvesborg'],
  },
  {
    code: '12',
    name: 'Skåne län',
    municipalities: [
      'Svalöv',
      'Staffanstorp',
      'Burlöv',
      'Vellinge',
      'Östra Göinge',
      'Örkelljunga',
      'Bjuv',
      'Kävlinge',
      'Lomma',
      'Svedala',
      'Skurup',
      'Sjöbo',
      'Hörby',
      'Höör',
      'Tomelilla',
      'Bromölla',
      'Osby',
      'Perstorp',
      'Klippan',
      'Åstorp',
      'Båstad',
      'Malmö',
      'Lund',
      'Landskrona',
      'Helsingborg',
      'Höganäs',
      'Eslöv',
      'Ystad',
      'Trelleborg',
      'Kristianstad',
      'Simrishamn',
      'Ängelholm',
      'Hässleholm',
    ],
  },
  {
    code: '13',
    name: 'Hallands län',
    municipalities: ['Hylte', 'Halmstad', 'Laholm', 'Falkenberg', 'Varberg', 'Kungsbacka'],
  },
  {
    code: '14',
    name: 'Västra Götalands län',
    municipalities: [
      'Härryda',
      'Partille',
      'Öckerö',
      'Stenungsund',
      'Tjörn',
      'Orust',
      'Sotenäs',
      'Munkedal',
      'Tanum',
      'Dals-Ed',
      'Färgelanda',
      'Ale',
      'Lerum',
      'Vårgårda',
      'Bollebygd',
      'Grästorp',
      'Essunga',
      'Karlsborg',
      'Gullspång',
      'Tranemo',
      'Bengtsfors',
      'Mellerud',
      'Lilla Edet',
      'Mark',
      'Svenljunga',
      'Herrljunga',
      'Vara',
      'Götene',
      'Tibro',
      'Töreboda',
      'Göteborg',
      'Mölndal',
      'Kungälv',
      'Lysekil',
      'Uddevalla',
      'Strömstad',
      'Vänersborg',
      'Trollhättan',
      'Alingsås',
      'Borås',
      'Ulricehamn',
      'Åmål',
      'Mariestad',
      'Lidköping',
      'Skara',
      'Skövde',
      'Hjo',
      'Tidaholm',
      'Falköping',
    ],
  },
  {
    code: '17',
    name: 'Värmlands län',
    municipalities: [
      'Kil',
      'Eda',
      'Torsby',
      'Storfors',
      'Hammarö',
      'Munkfors',
      'Forshaga',
      'Grums',
      'Årjäng',
      'Sunne',
      'Karlstad',
      'Kristinehamn',
      'Filipstad',
      'Hagfors',
      'Arvika',
      'Säffle',
    ],
  },
  {
    code: '18',
    name: 'Örebro län',
    municipalities: [
      'Lekeberg',
      'Laxå',
      'Hallsberg',
      'Degerfors',
      'Hällefors',
      'Ljusnarsberg',
      'Örebro',
      'Kumla',
      'Askersund',
      'Karlskoga',
      'Nora',
      'Lindesberg',
    ],
  },
  {
    code: '19',
    name: 'Västmanlands län',
    municipalities: [
      'Skinnskatteberg',
      'Surahammar',
      'Kungsör',
      'Hallstahammar',
      'Norberg',
      'Västerås',
      'Sala',
      'Fagersta',
      'Köping',
      'Arboga',
    ],
  },
  {
    code: '20',
    name: 'Dalarnas län',
    municipalities: [
      'Vansbro',
      'Malung-Sälen',
      'Gagnef',
      'Leksand',
      'Rättvik',
      'Orsa',
      'Älvdalen',
      'Smedjebacken',
      'Mora',
      'Falun',
      'Borlänge',
      'Säter',
      'Hedemora',
      'Avesta',
      'Ludvika',
    ],
  },
  {
    code: '21',
    name: 'Gävleborgs län',
    municipalities: [
      'Ockelbo',
      'Hofors',
      'Ovanåker',
      'Nordanstig',
      'Ljusdal',
      'Gävle',
      'Sandviken',
      'Söderhamn',
      'Bollnäs',
      'Hudiksvall',
    ],
  },
  {
    code: '22',
    name: 'Västernorrlands län',
    municipalities: ['Ånge', 'Timrå', 'Härnösand', 'Sundsvall', 'Kramfors', 'Sollefteå', 'Örnsköldsvik'],
  },
  {
    code: '23',
    name: 'Jämtlands län',
    municipalities: ['Ragunda', 'Bräcke', 'Krokom', 'Strömsund', 'Åre', 'Berg', 'Härjedalen', 'Östersund'],
  },
  {
    code: '24',
    name: 'Västerbottens län',
    municipalities: [
      'Nordmaling',
      'Bjurholm',
      'Vindeln',
      'Robertsfors',
      'Norsjö',
      'Malå',
      'Storuman',
      'Sorsele',
      'Dorotea',
      'Vännäs',
      'Vilhelmina',
      'Åsele',
      'Umeå',
      'Lycksele',
      'Skellefteå',
    ],
  },
  {
    code: '25',
    name: 'Norrbottens län',
    municipalities: [
      'Arvidsjaur',
      'Arjeplog',
      'Jokkmokk',
      'Överkalix',
      'Kalix',
      'Övertorneå',
      'Pajala',
      'Gällivare',
      'Älvsbyn',
      'Luleå',
      'Piteå',
      'Boden',
      'Haparanda',
      'Kiruna',
    ],
  },
] as const satisfies readonly County[];

export type CountyCode = (typeof COUNTIES)[number]['code'];

/** The county codes in SCB order: the values GET /api/users accepts as `county`. */
export const COUNTY_CODES = COUNTIES.map((c) => c.code) as unknown as readonly [CountyCode, ...CountyCode[]];

/** The municipalities of one county (its short names, as members write their place). */
export function municipalitiesOf(code: CountyCode): readonly string[] {
  return COUNTIES.find((c) => c.code === code)?.municipalities ?? [];
}

/** Lower case without accents: what the database's sg_search_normalize makes of these names. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const foldedCounts = new Map<string, number>();
for (const m of COUNTIES.flatMap((c) => c.municipalities)) {
  foldedCounts.set(fold(m), (foldedCounts.get(fold(m)) ?? 0) + 1);
}

/**
 * The names a member's place must equal to be in a county (the directory's 'Län' filter): most
 * without regard to case or accents, as the 'Ort' filter compares; the few that only their accents
 * tell apart from a municipality of another county (Håbo in Uppsala län, Habo in Jönköpings län)
 * only with their accents, in lower case.
 */
export function countyPlaceNames(code: CountyCode): { anyAccents: string[]; withAccents: string[] } {
  const anyAccents: string[] = [];
  const withAccents: string[] = [];
  for (const m of municipalitiesOf(code)) {
    if (foldedCounts.get(fold(m)) === 1) anyAccents.push(m);
    else withAccents.push(m.toLowerCase());
  }
  return { anyAccents, withAccents };
}
