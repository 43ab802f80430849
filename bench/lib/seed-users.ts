import { sql } from 'drizzle-orm';
import type { TDb } from '../../packages/server/src/db/client.ts';
import { companies, roles, userRoles, users } from '../../packages/server/src/db/schema/index.ts';

// Names from many of the portal's languages. Those holding "anna" are drawn a sixth as often as
// the others, so about 3 % of people match a search for it, as in a real address book.
const ANNA_NAMES = 'Anna Hanna Johanna Susanna Joanna Annabel Marianna Giovanna Rosanna Savannah'.split(' ');
const OTHER_FIRST_NAMES = (
  'Lukas Maximilian Sophie Marie Emma Mia Leon Paul Felix Jonas Olivia Amelia Isla Oliver George ' +
  'Harry Noah Jack Charlotte Emily Lucía Sofía Martina Hugo Mateo Daniel Pablo Álvaro Carmen Elena Léa Chloé Manon ' +
  'Louis Gabriel Arthur Jules Camille Inès Théo Hiroshi Yuki Haruto Sakura Ren Aoi Wei Li Jing Hao ' +
  'Erik Lars Ingrid Astrid Mikael Piotr Katarzyna Tomasz Agnieszka Marco'
).split(' ');
const FIRST_NAMES = [...ANNA_NAMES, ...Array.from({ length: 6 }, () => OTHER_FIRST_NAMES).flat()];
const LAST_NAMES = (
  'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Hoffmann Schulz Smith Jones Taylor ' +
  'Brown Williams Wilson Johnson Davies Evans Thomas García Fernández González Rodríguez López ' +
  'Martínez Sánchez Pérez Gómez Ruiz Martin Bernard Dubois Durand Lefebvre Moreau Laurent Simon ' +
  'Michel Leroy Sato Suzuki Takahashi Tanaka Watanabe Ito Wang Zhang Liu Chen Nilsson Johansson ' +
  'Larsen Nowak Kowalski Rossi Russo Ferrari Esposito Bianchi'
).split(' ');
const COMPANY_WORDS = [
  ['Nordbau', 'GmbH'],
  ['Atelier Lumière', 'SARL'],
  ['Kōzō Design', 'KK'],
  ['Brightline', 'Ltd'],
  ['Arquitectura Solar', 'SL'],
  ['Huber Haustechnik', 'GmbH'],
  ['Meridian Engineering', 'Inc'],
  ['Studio Verde', 'Srl'],
  ['Fjord Byggeri', 'AS'],
  ['Shanghai Structural', 'Co'],
] as const;
const COMPANY_COUNT = 40;

/** Small deterministic generator, so every run seeds the same people. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function ascii(text: string): string {
  return text.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
}

/**
 * Adds `count` users (realistic names, 40 companies, each with the user role, some partner users)
 * straight into the tables, then analyses them. Answers how many match "anna" the way the
 * search does (login, names, e-mail).
 */
export async function seedUsers(db: TDb, count: number): Promise<{ annaMatches: number }> {
  const next = random(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const companyRows = await db
    .insert(companies)
    .values(
      Array.from({ length: COMPANY_COUNT }, (_, i) => {
        const [name, form] = COMPANY_WORDS[i % COMPANY_WORDS.length]!;
        const branch = Math.floor(i / COMPANY_WORDS.length);
        return {
          name: branch ? `${name} ${['North', 'South', 'East'][branch - 1]} ${form}` : `${name} ${form}`,
          city: pick(['Berlin', 'Lyon', 'Osaka', 'Leeds', 'Sevilla', 'Graz', 'Boston', 'Turin', 'Bergen']),
          active: true,
        };
      }),
    )
    .returning({ id: companies.id, name: companies.name });
  const roleIds = new Map((await db.select().from(roles)).map((role) => [role.name, role.id]));
  const userRole = roleIds.get('userrole');
  const partnerUserRole = roleIds.get('partneruserrole');
  if (!userRole || !partnerUserRole) throw new Error('the portal did not seed its built-in roles');

  const logins = new Set<string>();
  let annaMatches = 0;
  const now = Date.now();
  const people = Array.from({ length: count }, () => {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const company = pick(companyRows);
    let login = `${ascii(firstName)}.${ascii(lastName)}`;
    for (let n = 2; logins.has(login); n++) login = `${ascii(firstName)}.${ascii(lastName)}${n}`;
    logins.add(login);
    const email = `${login}@${ascii(company.name.split(' ')[0]!)}.example.com`;
    if ([login, firstName, lastName, email].some((text) => text.toLowerCase().includes('anna')))
      annaMatches++;
    const active = next() > 0.1;
    return {
      login,
      passwordHash: 'not-a-real-hash',
      active,
      registrationCompleted: active,
      firstName,
      lastName,
      email,
      phone: next() > 0.5 ? `+49 30 ${Math.floor(1_000_000 + next() * 8_999_999)}` : null,
      companyId: company.id,
      joinDate: new Date(now - Math.floor(next() * 3 * 365 * 86_400_000)),
      lastLogin: active && next() > 0.3 ? new Date(now - Math.floor(next() * 90 * 86_400_000)) : null,
    };
  });
  for (let start = 0; start < people.length; start += 1000) {
    const inserted = await db
      .insert(users)
      .values(people.slice(start, start + 1000))
      .returning({ id: users.id });
    await db
      .insert(userRoles)
      .values(
        inserted.flatMap(({ id }, i) => [
          { userId: id, roleId: userRole },
          ...((start + i) % 20 === 0 ? [{ userId: id, roleId: partnerUserRole }] : []),
        ]),
      );
  }
  // A table in service has been vacuumed by autovacuum: right after a bulk insert, a GIN index
  // holds its new entries in a pending list that every search reads through, and the planner,
  // pricing that, scans the table instead.
  await db.execute(sql`vacuum analyze`);
  return { annaMatches };
}
