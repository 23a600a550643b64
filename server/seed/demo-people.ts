import { type CIVIL_STATUSES_IN_FORM, type Gender, LOOKING_FOR, MEETUP_INTERESTS } from '@common/options';
import type { users } from '../db/schema';
import { DAY, HOUR, MINUTE, type Rng } from './random';

export type UserInsert = typeof users.$inferInsert;

/** A demo member before ids are given: the users row and whether it gets a profile picture. */
export interface DemoPerson {
  /** Set for the three documented accounts. */
  fixed: 'admin' | 'pro' | 'free' | null;
  user: Omit<UserInsert, 'id' | 'profileImageId' | 'oidcIssuer' | 'oidcSubject'> & {
    email: string;
    firstName: string;
    lastName: string;
  };
  hasImage: boolean;
}

/** The members generated besides the three fixed accounts (about 40 in all). */
export const GENERATED_MEMBER_COUNT = 37;
/** How many generated members get admin-set Pro (enough to fill the full event and its waitlist). */
const GENERATED_PRO_COUNT = 19;
/** Of the generated members, how many leave the handicap empty. */
const WITHOUT_HANDICAP = 5;
const WITHOUT_IMAGE = 5;

// biome-ignore format: a word list reads better wide
const MALE_NAMES = [
  'Anders', 'Johan', 'Lars', 'Mikael', 'Erik', 'Karl', 'Peter', 'Magnus', 'Stefan', 'Fredrik',
  'Daniel', 'Mattias', 'Henrik', 'Björn', 'Jonas', 'Ulf', 'Håkan', 'Göran', 'Thomas', 'Niklas',
  'Olof', 'Jörgen', 'Gunnar', 'Patrik', 'Åke',
] as const;

// biome-ignore format: a word list reads better wide
const FEMALE_NAMES = [
  'Maria', 'Eva', 'Karin', 'Kristina', 'Lena', 'Sara', 'Emma', 'Malin', 'Ingrid', 'Helena',
  'Annika', 'Susanne', 'Camilla', 'Linnéa', 'Åsa', 'Ulrika', 'Birgitta', 'Margareta', 'Sofia', 'Jenny',
  'Therese', 'Elin', 'Ylva', 'Agneta', 'Cecilia',
] as const;

const NEUTRAL_NAMES = ['Kim', 'Robin', 'Alex'] as const;

// biome-ignore format: a word list reads better wide
const LAST_NAMES = [
  'Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson',
  'Svensson', 'Gustafsson', 'Pettersson', 'Jonsson', 'Hansson', 'Bengtsson', 'Jönsson', 'Lindberg',
  'Lindqvist', 'Lindström', 'Bergström', 'Sjöberg', 'Forsberg', 'Holm', 'Åberg', 'Ekström', 'Wallin',
  'Sandberg', 'Hedlund', 'Nordin', 'Lundgren', 'Björk', 'Engström', 'Sundberg', 'Öberg', 'Dahlberg',
  'Strand', 'Falk', 'Blom', 'Lund', 'Nyberg', 'Ekman',
] as const;

/** Where members live and the clubs nearby; the weight says how many members a place gets. */
const PLACES: { location: string; weight: number; clubs: string[] }[] = [
  {
    location: 'Stockholm',
    weight: 6,
    clubs: ['Bro Hof Slott GK', 'Ullna GK', 'Lidingö GK', 'Djursholms GK'],
  },
  { location: 'Göteborg', weight: 4, clubs: ['Göteborgs GK', 'Albatross GK', 'Delsjö GK'] },
  { location: 'Malmö', weight: 3, clubs: ['Falsterbo GK', 'Ljunghusens GK', 'Malmö Burlövs GK'] },
  { location: 'Uppsala', weight: 2, clubs: ['Upsala GK', 'Sigtunabygdens GK'] },
  { location: 'Helsingborg', weight: 2, clubs: ['Vasatorps GK', 'Helsingborgs GK'] },
  { location: 'Halmstad', weight: 1, clubs: ['Halmstad GK'] },
  { location: 'Östersund', weight: 1, clubs: ['Östersund-Frösö GK'] },
  { location: 'Umeå', weight: 1, clubs: ['Umeå GK'] },
  { location: 'Västerås', weight: 1, clubs: ['Västerås GK'] },
  { location: 'Örebro', weight: 1, clubs: ['Örebro GK'] },
  { location: 'Linköping', weight: 1, clubs: ['Linköpings GK'] },
  { location: 'Visby', weight: 1, clubs: ['Visby GK'] },
];

// biome-ignore format: a word list reads better wide
const PROFESSIONS = [
  'Sjuksköterska', 'Civilingenjör', 'Gymnasielärare', 'Egenföretagare', 'Revisor', 'Projektledare',
  'Säljchef', 'Tandläkare', 'Polis', 'Snickare', 'Ekonom', 'Fastighetsmäklare', 'IT-konsult',
  'Apotekare', 'Arkitekt', 'Journalist', 'Elektriker', 'Förskollärare', 'Läkare', 'Jurist', 'Pilot',
  'Kock', 'HR-specialist', 'Butiksägare', 'Fysioterapeut', 'Bankrådgivare', 'Lantbrukare',
] as const;

const RETIRED = [
  'Pensionär',
  'Pensionerad lärare',
  'Pensionerad sjökapten',
  'Pensionerad läkare',
  'Pensionär, fd. rektor',
];

const DREAMS = [
  'Att spela Old Course i St Andrews innan jag fyller 70.',
  'Att äntligen få en hole-in-one – helst med vittnen.',
  'Att komma under 10 i handicap.',
  'Att spela alla banor längs Skånes kust under en och samma sommar.',
  'En golfresa till Portugal med nya vänner.',
  'Att öppna ett litet café vid havet.',
  'Att segla runt Gotland och spela varje bana på vägen.',
  'Att hitta någon att dela både vardagen och rundorna med.',
  'Att se Masters på plats i Augusta.',
  'Att bo i Spanien på vintrarna och i Sverige på somrarna.',
  'Att lära mig spela piano på riktigt.',
  'Att vandra Kungsleden hela vägen från Abisko till Hemavan.',
  'Ett torp på landet med en övningsgreen på tomten.',
  'Att åka till Skottland och spela links i regn och blåst.',
  'Att resa runt Nya Zeeland med husbil.',
  'Att spela en runda under par, bara en gång.',
] as const;

const LIFE_CIRCUMSTANCES = [
  'Jag söker en livskamrat som gillar att vara ute, både på banan och i skogen.',
  'Jag söker sällskap för rundor, middagar och kanske något mer.',
  'Jag söker nya vänner att spela med nu när barnen har flyttat hemifrån.',
  'Jag söker någon som skrattar åt sina egna slice-slag.',
  'Jag söker en spelpartner för helgerna och någon att fika med efteråt.',
  'Jag söker någon att resa med – gärna till varmare breddgrader på vintern.',
  'Nyinflyttad och söker nya bekantskaper i stan.',
  'Jag söker en trygg och glad människa som tycker om både tävling och lugna promenadrundor.',
  'Jag söker en tävlingskompis som peppar mig att träna mer.',
  'Jag söker någon att dela vardagen med, och gärna en och annan golfresa.',
] as const;

// biome-ignore format: a word list reads better wide
const HOBBIES = [
  'Matlagning', 'Vandring', 'Segling', 'Jazz', 'Trädgård', 'Längdskidor', 'Löpning', 'Fiske',
  'Vin', 'Historia', 'Fotografering', 'Yoga', 'Padel', 'Tennis', 'Konst', 'Teater', 'Hundar',
  'Bakning', 'Cykling', 'Kajak', 'Dans', 'Schack', 'Motorcyklar', 'Inredning', 'Deckare', 'Körsång',
] as const;

function civilStatusFor(rng: Rng, age: number): (typeof CIVIL_STATUSES_IN_FORM)[number] {
  const r = rng.next();
  if (age >= 58) return r < 0.25 ? 'widow' : r < 0.6 ? 'divorced' : 'single';
  if (age >= 40) return r < 0.04 ? 'widow' : r < 0.5 ? 'divorced' : 'single';
  return r < 0.15 ? 'divorced' : 'single';
}

function childrenFor(rng: Rng, age: number, civilStatus: string): string {
  if (age < 35) return rng.pick(['Inga barn', 'Inga barn än', '1 barn (3 år)', 'En son på 5 år']);
  if (age < 50) {
    const options = ['Inga barn', '2 barn (9 och 12 år)', '1 barn (14 år)'];
    return rng.pick(civilStatus === 'divorced' ? [...options, '3 barn, varannan vecka'] : options);
  }
  if (age < 63)
    return rng.pick(['2 vuxna barn', '1 vuxet barn', '3 barn, yngsta går på gymnasiet', 'Inga barn']);
  return rng.pick(['2 vuxna barn och 3 barnbarn', '3 vuxna barn', 'En son och fyra barnbarn', 'Inga barn']);
}

/** Folds Swedish letters and accents to ASCII for e-mail addresses (å, ä → a; ö → o; é → e). */
export function asciiFold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Whole years between a birth date (YYYY-MM-DD) and now. */
export function ageOn(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** A birth date that makes the member exactly `age` years old today. */
function birthDateFor(rng: Rng, age: number, now: Date): string {
  const sameDayThen = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return new Date(sameDayThen - rng.int(1, 360) * DAY).toISOString().slice(0, 10);
}

/** A Golf-ID as the Swedish federation writes it: YYMMDD-NNN. */
function golfIdFor(rng: Rng, birthDate: string): string {
  return `${birthDate.slice(2).replaceAll('-', '')}-${String(rng.int(1, 999)).padStart(3, '0')}`;
}

function handicapFor(rng: Rng): number {
  // Sum of three uniforms: most players between 10 and 30, a few far out.
  const spread = (rng.next() + rng.next() + rng.next()) / 3;
  return Math.round((2 + spread * 38) * 10) / 10;
}

function weightedPlace(rng: Rng) {
  const total = PLACES.reduce((s, p) => s + p.weight, 0);
  let r = rng.next() * total;
  for (const p of PLACES) {
    r -= p.weight;
    if (r < 0) return p;
  }
  return PLACES[0];
}

/** Days ago the i-th of n members joined: spread over ~14 months, more of them lately. */
function joinedDaysAgo(rng: Rng, i: number, n: number): number {
  const base = 420 * ((n - i) / n) ** 1.3;
  return Math.max(0.3, base + (rng.next() - 0.5) * 6);
}

function fixedPeople(now: Date): DemoPerson[] {
  const t = now.getTime();
  const birth = (age: number, monthDay: string) => {
    const candidate = `${now.getUTCFullYear() - age}-${monthDay}`;
    // Before this year's birthday, `age` years means born a year earlier.
    return ageOn(candidate, now) === age ? candidate : `${now.getUTCFullYear() - age - 1}-${monthDay}`;
  };
  const annaBirth = birth(52, '03-14');
  const perBirth = birth(58, '08-02');
  const fridaBirth = birth(41, '05-23');
  return [
    {
      fixed: 'admin',
      hasImage: true,
      user: {
        email: 'admin@singelgolf.test',
        username: 'admin',
        firstName: 'Anna',
        lastName: 'Adminsson',
        fullName: 'Anna Adminsson',
        role: 'admin',
        membershipType: 'free',
        gender: 'female',
        birthDate: annaBirth,
        age: ageOn(annaBirth, now),
        handicap: 14.2,
        golfId: `${annaBirth.slice(2).replaceAll('-', '')}-017`,
        club: 'Bro Hof Slott GK',
        location: 'Stockholm',
        civilStatus: 'divorced',
        children: '2 vuxna barn',
        profession: 'Eventansvarig på Singelgolf',
        dream: 'Att fylla varje bollgrupp med nya vänskaper.',
        lifeCircumstance: 'Jag söker fler som vill upptäcka golfen tillsammans med oss.',
        interests: 'Matlagning, Segling, Jazz',
        meetupInterests: ['Fika', 'Afterwork', 'Resor', 'Restaurangbesök'],
        lookingFor: ['Nya bekantskaper'],
        hasGolfstarMembership: true,
        createdAt: new Date(t - 430 * DAY),
        updatedAt: new Date(t - 12 * DAY),
      },
    },
    {
      fixed: 'pro',
      hasImage: true,
      user: {
        email: 'pro@singelgolf.test',
        username: 'pro',
        firstName: 'Per',
        lastName: 'Prosson',
        fullName: 'Per Prosson',
        membershipType: 'pro',
        gender: 'male',
        birthDate: perBirth,
        age: ageOn(perBirth, now),
        handicap: 18.4,
        golfId: `${perBirth.slice(2).replaceAll('-', '')}-042`,
        club: 'Upsala GK',
        location: 'Uppsala',
        civilStatus: 'widow',
        children: '2 vuxna barn och ett barnbarn',
        profession: 'Civilingenjör',
        dream: 'Att spela Old Course i St Andrews med någon jag tycker om.',
        lifeCircumstance: 'Jag söker en livskamrat som gillar långa rundor och ännu längre middagar.',
        interests: 'Vandring, Historia, Vin',
        meetupInterests: ['Fika', 'Resor', 'Vinprovning/Ölprovning', 'Promenad', 'Kultur'],
        lookingFor: ['Partner', 'Resekompis'],
        hasGolfstarMembership: true,
        hasGolfamoreCard: true,
        createdAt: new Date(t - 300 * DAY),
        updatedAt: new Date(t - 20 * DAY),
      },
    },
    {
      fixed: 'free',
      hasImage: true,
      user: {
        email: 'free@singelgolf.test',
        username: 'free',
        firstName: 'Frida',
        lastName: 'Fri',
        fullName: 'Frida Fri',
        membershipType: 'free',
        gender: 'female',
        birthDate: fridaBirth,
        age: ageOn(fridaBirth, now),
        handicap: 24.7,
        golfId: `${fridaBirth.slice(2).replaceAll('-', '')}-108`,
        club: 'Göteborgs GK',
        location: 'Göteborg',
        civilStatus: 'single',
        children: '1 barn (14 år)',
        profession: 'Fysioterapeut',
        dream: 'Att komma under 18 i handicap och spela en runda i Skottland.',
        lifeCircumstance: 'Jag söker nya bekantskaper och någon att träna på rangen med.',
        interests: 'Yoga, Löpning, Bakning',
        meetupInterests: ['Fika', 'Träning', 'Friluftsliv', 'Quiz/Frågesport'],
        lookingFor: ['Nya bekantskaper', 'Träningskompis'],
        hasGolfamoreCard: true,
        createdAt: new Date(t - 20 * DAY - 5 * HOUR),
        updatedAt: new Date(t - 19 * DAY),
      },
    },
  ];
}

/** The demo members: the three fixed accounts first, then the generated ones by join date. */
export function buildDemoPeople(rng: Rng, now: Date): DemoPerson[] {
  const n = GENERATED_MEMBER_COUNT;
  const genders = rng.shuffle<Gender>([
    ...Array<Gender>(18).fill('male'),
    ...Array<Gender>(n - 18 - 2).fill('female'),
    'other',
    'other',
  ]);
  const males = rng.shuffle(MALE_NAMES);
  const females = rng.shuffle(FEMALE_NAMES);
  const neutrals = rng.shuffle(NEUTRAL_NAMES);
  const lastNames = rng.shuffle(LAST_NAMES);
  // Members who have been around longer are more often Pro (and can fill the older events).
  const early = Math.round(n * 0.65);
  const pro = new Set([
    ...rng.sample([...Array(early).keys()], GENERATED_PRO_COUNT - 4),
    ...rng.sample(
      [...Array(n - early).keys()].map((i) => early + i),
      4,
    ),
  ]);
  const noHandicap = new Set(rng.sample([...Array(n).keys()], WITHOUT_HANDICAP));
  const noImage = new Set(rng.sample([...Array(n).keys()], WITHOUT_IMAGE));
  const taken = new Set<string>();

  const people: DemoPerson[] = fixedPeople(now);
  for (let i = 0; i < n; i++) {
    const gender = genders[i];
    const firstName =
      gender === 'male' ? males.pop()! : gender === 'female' ? females.pop()! : neutrals.pop()!;
    const lastName = lastNames.pop()!;
    let local = `${asciiFold(firstName)}.${asciiFold(lastName)}`;
    for (let k = 2; taken.has(local); k++) local = `${asciiFold(firstName)}.${asciiFold(lastName)}${k}`;
    taken.add(local);

    const age = rng.int(25, 72);
    const birthDate = birthDateFor(rng, age, now);
    const place = weightedPlace(rng);
    const civilStatus = civilStatusFor(rng, age);
    const createdAt = new Date(now.getTime() - joinedDaysAgo(rng, i, n) * DAY - rng.int(0, 600) * MINUTE);
    const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(0, 20) * DAY));
    let handicap: number | null = noHandicap.has(i) ? null : handicapFor(rng);
    // One scratch-plus player and one beginner, so the handicap chart has both ends.
    if (i === 7) handicap = -1.4;
    if (i === 23) handicap = 45.0;

    people.push({
      fixed: null,
      hasImage: !noImage.has(i),
      user: {
        email: `${local}@example.se`,
        username: local,
        firstName,
        lastName,
        fullName: `${firstName} ${lastName}`,
        membershipType: pro.has(i) ? 'pro' : 'free',
        gender,
        birthDate,
        age: ageOn(birthDate, now),
        handicap,
        golfId: golfIdFor(rng, birthDate),
        club: rng.pick(place.clubs),
        location: place.location,
        civilStatus,
        children: childrenFor(rng, age, civilStatus),
        profession: age >= 66 ? rng.pick(RETIRED) : rng.pick(PROFESSIONS),
        dream: rng.pick(DREAMS),
        lifeCircumstance: rng.chance(0.85) ? rng.pick(LIFE_CIRCUMSTANCES) : null,
        interests: rng.sample(HOBBIES, rng.int(2, 4)).join(', '),
        meetupInterests: rng.sample(MEETUP_INTERESTS, rng.int(3, 6)),
        lookingFor: rng.sample(LOOKING_FOR, rng.int(1, 3)),
        hasGolfstarMembership: rng.chance(0.25),
        hasGolfamoreCard: rng.chance(0.2),
        createdAt,
        updatedAt,
      },
    });
  }
  return people;
}
