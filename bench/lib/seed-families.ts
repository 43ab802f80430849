import type pg from 'pg';
import { searchTextOf } from '../../packages/server/src/modules/families/families.mapper.ts';

/** The Revit category of each library category and the products it holds. */
const CATEGORIES: ReadonlyArray<readonly [name: string, revitCategory: string, products: readonly string[]]> =
  [
    [
      'Doors',
      'Doors',
      ['Single Flush Door', 'Double Flush Door', 'Sliding Door', 'Pocket Door', 'Bifold Door'],
    ],
    ['Windows', 'Windows', ['Casement Window', 'Fixed Window', 'Awning Window', 'Sash Window', 'Skylight']],
    ['Furniture', 'Furniture', ['Desk', 'Office Chair', 'Bookshelf', 'Sofa', 'Meeting Table', 'Wardrobe']],
    ['Lighting', 'Lighting Fixtures', ['Downlight', 'Pendant Luminaire', 'Linear Luminaire', 'Wall Sconce']],
    ['Plumbing', 'Plumbing Fixtures', ['Washbasin', 'Toilet', 'Urinal', 'Shower Tray', 'Kitchen Sink']],
    ['HVAC', 'Mechanical Equipment', ['Air Handling Unit', 'Fan Coil Unit', 'Heat Pump', 'Radiator']],
    [
      'Electrical',
      'Electrical Fixtures',
      ['Socket Outlet', 'Distribution Board', 'Light Switch', 'Data Outlet'],
    ],
    ['Casework', 'Casework', ['Base Cabinet', 'Wall Cabinet', 'Tall Cabinet', 'Reception Counter']],
    ['Generic', 'Generic Models', ['Access Panel', 'Column Guard', 'Bollard', 'Signage Panel']],
    ['Specialty', 'Specialty Equipment', ['Locker', 'Toilet Partition', 'Vending Machine', 'Hand Dryer']],
    ['Columns', 'Structural Columns', ['Concrete Column', 'Steel Column', 'Timber Post', 'Composite Column']],
    ['Framing', 'Structural Framing', ['Steel Beam', 'Glulam Beam', 'Concrete Beam', 'Truss']],
    ['Planting', 'Planting', ['Deciduous Tree', 'Conifer', 'Shrub', 'Planter Box']],
    ['Entourage', 'Entourage', ['Standing Person', 'Bicycle', 'Car', 'Pram']],
    ['Site', 'Site', ['Park Bench', 'Litter Bin', 'Street Lamp', 'Bicycle Rack']],
    ['Parking', 'Parking', ['Parking Bay', 'Barrier Arm', 'Wheel Stop', 'Charging Station']],
    ['Railings', 'Railings', ['Glass Balustrade', 'Steel Handrail', 'Timber Baluster', 'Cable Railing']],
    ['Curtain Wall', 'Curtain Panels', ['Glazed Panel', 'Spandrel Panel', 'Louvre Panel', 'Door Panel']],
    ['Fire Protection', 'Sprinklers', ['Sprinkler Head', 'Fire Extinguisher', 'Hose Reel', 'Smoke Detector']],
    [
      'Communication',
      'Communication Devices',
      ['Intercom', 'Loudspeaker', 'Wireless Access Point', 'Camera'],
    ],
  ];
const STYLES =
  'Modern Classic Compact Premium Heavy-Duty Slimline Industrial Scandinavian Minimal Contemporary ' +
  'Rustic Modular Standard Deluxe Urban Coastal Nordic Studio Executive Universal';
const MATERIALS =
  'Oak Walnut Ash Birch Steel Aluminium Stainless Glass Concrete Brass Copper Ceramic Porcelain ' +
  'Laminate Composite Timber Stone Marble Granite Bamboo';
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
const COMPANY_COUNT = 40;
const REVIT_VERSIONS = Array.from({ length: 12 }, (_, i) => String(2014 + i));

/**
 * The word the search measures: one family in a hundred is "Acoustic", and no other word holds
 * it, so a search for it within one category finds about 0.05 % of the library.
 */
export const SEARCH_WORD = 'acoustic';
const SEARCH_SHARE = 0.01;
const BATCH = 10_000;

/** Small deterministic generator, so every run seeds the same library. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type TSeededFamilies = {
  /** The category the page and search read: the first, Doors. */
  categoryId: number;
  categoryName: string;
  familiesInCategory: number;
  searchMatches: number;
  searchMatchesInCategory: number;
};

/**
 * Adds 20 categories, 40 companies and `count` approved families straight into the tables with
 * multi-row inserts (unnest of arrays, 10,000 rows a statement): realistic names from word lists,
 * Revit 2014 to 2025, ratings, 1 to 3 tags and 1 to 5 types each, `search_text` computed by the
 * portal's own `searchTextOf`. Then VACUUM ANALYZE, as autovacuum would have done in service.
 */
export async function seedFamilies(client: pg.Client, count: number): Promise<TSeededFamilies> {
  const next = random(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const styles = STYLES.split(' ');
  const materials = MATERIALS.split(' ');

  const categoryRows = await client.query<{ id: number; name: string }>(
    `insert into categories (name, description)
     select name, 'Revit families of ' || lower(name) from unnest($1::text[]) as name
     returning id, name`,
    [CATEGORIES.map(([name]) => name)],
  );
  const categoryIds = new Map(categoryRows.rows.map((row) => [row.name, row.id]));
  const companyRows = await client.query<{ id: number }>(
    `insert into companies (name, city, active)
     select 'Manufacturer ' || n, (array['Berlin','Lyon','Osaka','Leeds','Graz','Boston'])[1 + n % 6], true
     from generate_series(1, $1::int) as n
     returning id`,
    [COMPANY_COUNT],
  );
  const companyIds = companyRows.rows.map((row) => row.id);
  const [doorsName] = CATEGORIES[0]!;
  const doorsId = categoryIds.get(doorsName)!;

  let searchMatches = 0;
  let searchMatchesInCategory = 0;
  let familiesInCategory = 0;
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const columns = {
      name: [] as string[],
      revitVersion: [] as string[],
      categoryId: [] as number[],
      rating: [] as number[],
      description: [] as string[],
      tags: [] as string[],
      types: [] as string[],
      searchText: [] as string[],
      fileName: [] as string[],
      fileSize: [] as number[],
      revitCategory: [] as string[],
      companyId: [] as number[],
      downloads: [] as number[],
      createdOn: [] as string[],
    };
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const [categoryName, revitCategory, products] = pick(CATEGORIES);
      const product = pick(products);
      const style = next() < SEARCH_SHARE ? 'Acoustic' : pick(styles);
      const material = pick(materials);
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
      const searchText = searchTextOf({ name, description, tags, types });
      const categoryId = categoryIds.get(categoryName)!;
      const matches = searchText.includes(SEARCH_WORD);
      if (matches) searchMatches++;
      if (categoryId === doorsId) {
        familiesInCategory++;
        if (matches) searchMatchesInCategory++;
      }
      const created = now - Math.floor(next() * 3 * 365 * 86_400_000);
      columns.name.push(name);
      columns.revitVersion.push(pick(REVIT_VERSIONS));
      columns.categoryId.push(categoryId);
      columns.rating.push(Math.round(next() * 50) / 10);
      columns.description.push(description);
      columns.tags.push(JSON.stringify(tags));
      columns.types.push(JSON.stringify(types));
      columns.searchText.push(searchText);
      columns.fileName.push(`${name.replace(/\s+/g, '_')}.rfa`);
      columns.fileSize.push(200_000 + Math.floor(next() * 20_000_000));
      columns.revitCategory.push(revitCategory);
      columns.companyId.push(pick(companyIds));
      columns.downloads.push(Math.floor(next() ** 3 * 5000));
      columns.createdOn.push(new Date(created).toISOString());
    }
    await client.query(
      `insert into revit_families (name, revit_version, category_id, rating, description, tags, types,
         search_text, file_name, file_size, revit_category, type_source, company_id, downloads,
         tif_status, created_on, last_update)
       select name, revit_version, category_id, rating, description, tags::jsonb, types::jsonb,
         search_text, file_name, file_size, revit_category, 'partAtom', company_id, downloads,
         'A', created_on, created_on
       from unnest($1::text[], $2::text[], $3::int[], $4::float8[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::bigint[], $11::text[], $12::int[], $13::int[], $14::timestamptz[])
         as t(name, revit_version, category_id, rating, description, tags, types, search_text,
           file_name, file_size, revit_category, company_id, downloads, created_on)`,
      Object.values(columns),
    );
  }
  // Right after a bulk insert a GIN index holds its new entries in a pending list every search
  // reads through; a library in service has been vacuumed by autovacuum.
  await client.query('vacuum analyze categories, companies, revit_families');
  return {
    categoryId: doorsId,
    categoryName: doorsName,
    familiesInCategory,
    searchMatches,
    searchMatchesInCategory,
  };
}
