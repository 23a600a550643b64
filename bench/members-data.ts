// Generated members for the directory benchmark: Swedish names and towns, a few rare names, 10% without handicap.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

const FIRST_F = [
  'Anna',
  'Eva',
  'Maria',
  'Karin',
  'Sara',
  'Lena',
  'Emma',
  'Kerstin',
  'Ingrid',
  'Marie',
  'Malin',
  'Jenny',
  'Birgitta',
  'Linnea',
  'Åsa',
  'Sofia',
  'Elin',
  'Ida',
  'Hanna',
  'Ulla',
];
const FIRST_M = [
  'Lars',
  'Mikael',
  'Anders',
  'Johan',
  'Erik',
  'Per',
  'Karl',
  'Peter',
  'Jan',
  'Thomas',
  'Daniel',
  'Fredrik',
  'Hans',
  'Bengt',
  'Magnus',
  'Mats',
  'Olof',
  'Stefan',
  'Jörgen',
  'Åke',
];
const LAST = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Jonsson',
  'Jansson',
  'Hansson',
  'Bengtsson',
  'Jönsson',
  'Lindberg',
  'Jakobsson',
  'Magnusson',
  'Olofsson',
  'Lindström',
  'Lindqvist',
  'Lindgren',
  'Berg',
  'Axelsson',
  'Bergström',
  'Lundberg',
  'Lind',
  'Lundgren',
  'Lundqvist',
  'Mattsson',
  'Berglund',
  'Fredriksson',
  'Sandberg',
  'Henriksson',
  'Forsberg',
  'Sjöberg',
  'Wallin',
  'Engström',
  'Eklund',
];
const TOWNS = [
  'Stockholm',
  'Göteborg',
  'Malmö',
  'Uppsala',
  'Västerås',
  'Örebro',
  'Linköping',
  'Helsingborg',
  'Jönköping',
  'Norrköping',
  'Lund',
  'Umeå',
  'Gävle',
  'Borås',
  'Södertälje',
  'Eskilstuna',
  'Halmstad',
  'Växjö',
  'Karlstad',
  'Sundsvall',
  'Östersund',
  'Trollhättan',
  'Luleå',
  'Kalmar',
  'Falun',
];

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

/** Inserts the generated members in SQL (generate_series), in chunks so PGlite's memory stays small. */
export async function generateMembers(database: Database, count: number) {
  const chunk = 10_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await database.db.execute(sql`
      insert into users (email, username, first_name, last_name, full_name, club, location, gender, handicap,
                         birth_date, age, civil_status, meetup_interests, looking_for, created_at)
      select 'bench' || i || '@example.se', 'golfare' || i, f.first, f.last, f.first || ' ' || f.last,
             (${arr(TOWNS)})[1 + (i * 7) % ${TOWNS.length}] || ' GK',
             (${arr(TOWNS)})[1 + (i * 13) % ${TOWNS.length}],
             (case when i % 2 = 0 then 'female' else 'male' end)::gender,
             case when i % 10 = 0 then null else ((i * 37) % 450) / 10.0 end,
             date '1950-01-01' + (i * 11) % 18000, null, 'single', '{Fika,Resor,Film}', '{Partner}',
             now() - (i || ' minutes')::interval
      from generate_series(${from}::int, ${to}::int) i,
      lateral (select
        case when i % 25000 = 7 then 'Ebbe' when i % 2 = 0 then (${arr(FIRST_F)})[1 + ((i / 2) * 31) % ${FIRST_F.length}]
             else (${arr(FIRST_M)})[1 + ((i / 2) * 31) % ${FIRST_M.length}] end as first,
        case when i % 25000 = 7 then 'Tiljander' else (${arr(LAST)})[1 + (i * 17) % ${LAST.length}] end as last) f
    `);
  }
  await database.db.execute(sql`analyze users`);
}
