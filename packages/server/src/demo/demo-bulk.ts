import { searchTextOf } from '../modules/families/families.mapper.ts';

/**
 * What the large size's bulk volumes are drawn from: a realistic spread of categories, products,
 * styles and people's names, so a search finds a known share of the library and not all or
 * nothing. The benches measure their searches over it (bench/README.md).
 */

/** A small fixed-seed generator (mulberry32): the same demo every run. */
export function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bulk library's categories: name, Revit category, the products it holds, a picture colour. */
export const BULK_CATEGORIES: ReadonlyArray<
  readonly [name: string, revitCategory: string, products: readonly string[], colour: string]
> = [
  [
    'Doors',
    'Doors',
    ['Single Flush Door', 'Double Flush Door', 'Sliding Door', 'Pocket Door', 'Bifold Door'],
    '#8d5524',
  ],
  [
    'Windows',
    'Windows',
    ['Casement Window', 'Fixed Window', 'Awning Window', 'Sash Window', 'Skylight'],
    '#3b7dd8',
  ],
  [
    'Furniture',
    'Furniture',
    ['Desk', 'Office Chair', 'Bookshelf', 'Sofa', 'Meeting Table', 'Wardrobe'],
    '#a0522d',
  ],
  [
    'Lighting',
    'Lighting Fixtures',
    ['Downlight', 'Pendant Luminaire', 'Linear Luminaire', 'Wall Sconce'],
    '#d4a017',
  ],
  [
    'Plumbing',
    'Plumbing Fixtures',
    ['Washbasin', 'Toilet', 'Urinal', 'Shower Tray', 'Kitchen Sink'],
    '#1f8a9e',
  ],
  [
    'HVAC',
    'Mechanical Equipment',
    ['Air Handling Unit', 'Fan Coil Unit', 'Heat Pump', 'Radiator'],
    '#5f7d95',
  ],
  [
    'Electrical',
    'Electrical Fixtures',
    ['Socket Outlet', 'Distribution Board', 'Light Switch', 'Data Outlet'],
    '#c1440e',
  ],
  ['Casework', 'Casework', ['Base Cabinet', 'Wall Cabinet', 'Tall Cabinet', 'Reception Counter'], '#7a5c3e'],
  ['Generic', 'Generic Models', ['Access Panel', 'Column Guard', 'Bollard', 'Signage Panel'], '#6b6b6b'],
  [
    'Specialty',
    'Specialty Equipment',
    ['Locker', 'Toilet Partition', 'Vending Machine', 'Hand Dryer'],
    '#8e44ad',
  ],
  [
    'Columns',
    'Structural Columns',
    ['Concrete Column', 'Steel Column', 'Timber Post', 'Composite Column'],
    '#4d5656',
  ],
  ['Framing', 'Structural Framing', ['Steel Beam', 'Glulam Beam', 'Concrete Beam', 'Truss'], '#34495e'],
  ['Planting', 'Planting', ['Deciduous Tree', 'Conifer', 'Shrub', 'Planter Box'], '#2e8b57'],
  ['Entourage', 'Entourage', ['Standing Person', 'Bicycle', 'Car', 'Pram'], '#b03a2e'],
  ['Site', 'Site', ['Park Bench', 'Litter Bin', 'Street Lamp', 'Bicycle Rack'], '#6e8b3d'],
  ['Parking', 'Parking', ['Parking Bay', 'Barrier Arm', 'Wheel Stop', 'Charging Station'], '#2c3e50'],
  [
    'Railings',
    'Railings',
    ['Glass Balustrade', 'Steel Handrail', 'Timber Baluster', 'Cable Railing'],
    '#7f8c8d',
  ],
  [
    'Curtain Wall',
    'Curtain Panels',
    ['Glazed Panel', 'Spandrel Panel', 'Louvre Panel', 'Door Panel'],
    '#2980b9',
  ],
  [
    'Fire Protection',
    'Sprinklers',
    ['Sprinkler Head', 'Fire Extinguisher', 'Hose Reel', 'Smoke Detector'],
    '#c0392b',
  ],
  [
    'Communication',
    'Communication Devices',
    ['Intercom', 'Loudspeaker', 'Wireless Access Point', 'Camera'],
    '#16a085',
  ],
];
const STYLES = (
  'Modern Classic Compact Premium Heavy-Duty Slimline Industrial Scandinavian Minimal Contemporary ' +
  'Rustic Modular Standard Deluxe Urban Coastal Nordic Studio Executive Universal'
).split(' ');
const MATERIALS = (
  'Oak Walnut Ash Birch Steel Aluminium Stainless Glass Concrete Brass Copper Ceramic Porcelain ' +
  'Laminate Composite Timber Stone Marble Granite Bamboo'
).split(' ');
const FINISHES = 'matt gloss satin brushed powder-coated anodised oiled lacquered painted natural'.split(' ');
const TAGS = (
  'fire-rated accessible outdoor indoor LOD300 LOD350 IFC sustainable recycled low-energy ' +
  'lightweight prefabricated modular custom-size standard-size residential commercial healthcare ' +
  'education hospitality retail office industrial seismic waterproof antislip antibacterial ' +
  'smart-ready dimmable daylight-sensor manual motorised ventilated insulated security vandal-proof ' +
  'child-safe stackable foldable mobile fixed'
).split(' ');
const BRANDS = [
  'Nordbau',
  'Lumière',
  'Kōzō',
  'Brightline',
  'Solar',
  'Huber',
  'Meridian',
  'Verde',
  'Fjord',
  'Apex',
];
const CITIES = ['Berlin', 'Lyon', 'Osaka', 'Leeds', 'Sevilla', 'Graz', 'Boston', 'Turin', 'Bergen'];

/** The manufacturers the bulk families belong to: each brand in four divisions. */
export const BULK_MANUFACTURERS = BRANDS.flatMap((brand, b) =>
  ['Products', 'Systems', 'Interiors', 'Building Technology'].map((division, d) => ({
    name: `${brand} ${division}`,
    city: CITIES[(b + d) % CITIES.length]!,
  })),
);

const CUSTOMER_WORDS = [
  ['Nordbau Planung', 'GmbH'],
  ['Atelier Lumière', 'SARL'],
  ['Kōzō Design', 'KK'],
  ['Brightline Architects', 'Ltd'],
  ['Arquitectura Solar', 'SL'],
  ['Huber Haustechnik', 'GmbH'],
  ['Meridian Engineering', 'Inc'],
  ['Studio Verde', 'Srl'],
  ['Fjord Byggeri', 'AS'],
  ['Shanghai Structural', 'Co'],
] as const;
/** The customer companies the bulk people work for: each firm with three branches. */
export const BULK_CUSTOMERS = Array.from({ length: 40 }, (_, i) => {
  const [name, form] = CUSTOMER_WORDS[i % CUSTOMER_WORDS.length]!;
  const branch = Math.floor(i / CUSTOMER_WORDS.length);
  return {
    name: branch ? `${name} ${['North', 'South', 'East'][branch - 1]!} ${form}` : `${name} ${form}`,
    city: CITIES[(i * 7) % CITIES.length]!,
  };
});

/**
 * The word the families bench searches for: one family in a hundred is "Acoustic", and no other
 * word holds it, so a search for it within one category (a twentieth of the library) finds about
 * 0.05 % of the library.
 */
export const SEARCH_WORD = 'acoustic';
/** The share of bulk families whose name holds SEARCH_WORD. */
export const SEARCH_SHARE = 0.01;
/** The word the users bench searches for: about 3 % of the bulk people hold it (ANNA_NAMES). */
export const PERSON_SEARCH_WORD = 'anna';

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

const DAY_MS = 86_400_000;

/** A bulk family as generated; the indexes point into BULK_CATEGORIES and BULK_MANUFACTURERS. */
export type TBulkFamily = {
  name: string;
  categoryIndex: number;
  revitCategory: string;
  rating: number;
  description: string;
  tags: string[];
  types: {
    typeName: string;
    parameters: { name: string; value: string; unit: string | null; dataType: string }[];
  }[];
  searchText: string;
  fileName: string;
  manufacturerIndex: number;
  downloads: number;
  createdOn: string;
};

/**
 * `count` families in batches of `batch`: realistic names from the word lists, 1 to 3 tags and 1
 * to 5 types each, ratings, downloads, three years of creation dates before `now`, and the search
 * text the portal's own `searchTextOf` makes. The same families every run. Small batches keep the
 * seeding's memory low (a batch of 2,000 is some 2 MB of JSON; 5,000 doubled the peak).
 */
export function* bulkFamilies(count: number, now: Date, batch = 2_000): Generator<TBulkFamily[]> {
  const next = randomOf(20_261_124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  for (let start = 0; start < count; start += batch) {
    const rows: TBulkFamily[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const categoryIndex = Math.floor(next() * BULK_CATEGORIES.length);
      const [, revitCategory, products] = BULK_CATEGORIES[categoryIndex]!;
      const product = pick(products);
      const style = next() < SEARCH_SHARE ? 'Acoustic' : pick(STYLES);
      const material = pick(MATERIALS);
      const brand = pick(BRANDS);
      const name = `${style} ${product} ${material} ${brand} ${String(i % 1000).padStart(3, '0')}`;
      const description = `${product} in ${material.toLowerCase()}, ${pick(FINISHES)} finish. Manufacturer data, Revit parameters and type catalog included.`;
      const tags = [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(TAGS)))];
      const width = 300 + 100 * Math.floor(next() * 15);
      const types = Array.from({ length: 1 + Math.floor(next() * 5) }, (_, t) => ({
        typeName: `${width + 100 * t} x ${2000 + 100 * Math.floor(next() * 5)}mm`,
        parameters: [
          { name: 'Width', value: String(width + 100 * t), unit: 'mm', dataType: 'LENGTH' },
          { name: 'Manufacturer', value: brand, unit: null, dataType: 'TEXT' },
        ],
      }));
      rows.push({
        name,
        categoryIndex,
        revitCategory,
        rating: Math.round(next() * 50) / 10,
        description,
        tags,
        types,
        searchText: searchTextOf({ name, description, tags, types }),
        fileName: `${name.replace(/\s+/g, '_')}.rfa`,
        manufacturerIndex: Math.floor(next() * BULK_MANUFACTURERS.length),
        // Few families are downloaded often: a cube puts most near zero.
        downloads: Math.floor(next() ** 3 * 5000),
        createdOn: new Date(now.getTime() - Math.floor(next() * 3 * 365 * DAY_MS)).toISOString(),
      });
    }
    yield rows;
  }
}

/** A bulk person as generated; the index points into BULK_CUSTOMERS. */
export type TBulkPerson = {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  customerIndex: number;
  active: boolean;
  joinDate: string;
  lastLogin: string | null;
};

function ascii(text: string): string {
  return text.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
}

/**
 * `count` people with realistic names (about 3 % hold PERSON_SEARCH_WORD) at the customer
 * companies, logins `first.last` (numbered when taken, also by `taken`), one in ten inactive. The
 * same people every run.
 */
export function bulkPeople(count: number, now: Date, taken: Iterable<string> = []): TBulkPerson[] {
  const next = randomOf(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const logins = new Set([...taken].map((login) => login.toLowerCase()));
  return Array.from({ length: count }, () => {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const customerIndex = Math.floor(next() * BULK_CUSTOMERS.length);
    const base = `${ascii(firstName)}.${ascii(lastName)}`;
    let login = base;
    for (let n = 2; logins.has(login); n++) login = `${base}${n}`;
    logins.add(login);
    const active = next() > 0.1;
    return {
      login,
      firstName,
      lastName,
      email: `${login}@${ascii(BULK_CUSTOMERS[customerIndex]!.name.split(' ')[0]!)}.example.com`,
      phone: next() > 0.5 ? `+49 30 ${Math.floor(1_000_000 + next() * 8_999_999)}` : null,
      customerIndex,
      active,
      joinDate: new Date(now.getTime() - Math.floor(next() * 3 * 365 * DAY_MS)).toISOString(),
      lastLogin:
        active && next() > 0.3
          ? new Date(now.getTime() - Math.floor(next() * 90 * DAY_MS)).toISOString()
          : null,
    };
  });
}
