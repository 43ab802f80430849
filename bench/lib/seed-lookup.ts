import type pg from 'pg';

/**
 * Services through a wall or floor, by how often a firestop manufacturer's approvals name them:
 * pipes of every material first, then cables and ducts; each with the materials it comes in.
 * Every code is one of the portal's seeded lists (lib/seeded-lists.ts: servicelist, materiallist,
 * constructionservicelist, constructionmateriallist), as a rule saved through the API must use.
 */
const SERVICES: ReadonlyArray<readonly [typeCode: string, weight: number, materials: readonly string[]]> = [
  ['pipe-metal', 24, ['steel', 'stainless', 'copper', 'cast-iron', 'galvanised']],
  ['pipe-plastic', 22, ['pvc', 'pe', 'pp', 'abs']],
  ['pipe-composite', 8, ['pex', 'aluminium']],
  ['pipe-insulated', 10, ['steel', 'copper', 'pex']],
  ['cable', 9, ['copper', 'aluminium']],
  ['cable-bundle', 6, ['copper']],
  ['cable-tray', 6, ['galvanised', 'stainless']],
  ['conduit', 4, ['pvc', 'steel']],
  ['duct', 8, ['galvanised', 'stainless', 'aluminium']],
  ['busbar', 1, ['copper', 'aluminium']],
  ['mixed', 2, ['steel', 'pvc', 'copper']],
];
/** Outer diameters (mm) the approvals' ranges run between. */
const SIZES = [6, 10, 16, 20, 25, 32, 40, 50, 63, 75, 90, 110, 125, 160, 200, 250, 315, 400];
const ELEMENTS: ReadonlyArray<readonly [element: string, materials: readonly string[]]> = [
  ['wall-flexible', ['gypsum-board']],
  ['wall-rigid', ['concrete', 'masonry', 'aerated-concrete', 'brick']],
  ['floor-rigid', ['concrete', 'steel-deck']],
  ['floor-timber', ['timber', 'clt']],
  ['ceiling', ['gypsum-board', 'concrete']],
  ['shaft-wall', ['gypsum-board']],
];
const RATINGS = ['EI 30', 'EI 60', 'EI 90', 'EI 120', 'EI 60', 'EI 90', 'REI 90', 'EI 240'];
const SYSTEMS = ['Mortar', 'Coated board', 'Intumescent sealant', 'Pipe collar', 'Wrap', 'Sleeve'];
const CLOSURES = ['collar', 'wrap', 'sleeve', 'pillow'];
const INSULATIONS = ['mineral-wool', 'glass-wool', 'elastomeric'];
const MANUFACTURERS = 8;
const FAMILY_SHARE = 5;
const BATCH = 5_000;

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

/** A published rule the lookups are built from: what a design tool would have in its model. */
export type TSeededRule = {
  typeCode: string;
  materialCode: string | null;
  low: number | null;
  high: number | null;
  constructionElement: string | null;
  fireRating: string;
};

export type TSeededLookup = {
  scenarios: number;
  rules: number;
  families: number;
  publishedRules: number;
  /** Published rules of published scenarios, in seed order: the lookups pick theirs from these. */
  sample: TSeededRule[];
};

/** Each row's column values, pushed in order and inserted as arrays (unnest). */
function columnsOf<T extends string>(names: readonly T[]): Record<T, unknown[]> {
  return Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<T, unknown[]>;
}

/**
 * Adds `MANUFACTURERS` companies, one family per five scenarios, `scenarioCount` scenarios and
 * `ruleCount` placement rules straight into the tables (unnest of arrays, 5,000 rows a statement).
 * About 92 % of each are published (approved, active); the rest inactive or pending approval.
 * A rule's type is drawn by its weight in SERVICES, its material from the type's (one in ten left
 * empty: any material), its size range two to five steps of SIZES (one in twenty open at one end).
 * Then VACUUM ANALYZE, as autovacuum would have done in service.
 */
export async function seedLookup(
  client: pg.Client,
  scenarioCount: number,
  ruleCount: number,
): Promise<TSeededLookup> {
  const next = random(20261126);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const totalWeight = SERVICES.reduce((sum, [, weight]) => sum + weight, 0);
  const service = () => {
    let at = next() * totalWeight;
    for (const entry of SERVICES) if ((at -= entry[1]) < 0) return entry;
    return SERVICES[0]!;
  };
  const status = () => {
    const roll = next();
    return roll < 0.92
      ? { tif: 'A', active: true }
      : roll < 0.96
        ? { tif: 'A', active: false }
        : { tif: 'P', active: true };
  };
  const now = Date.now();
  const when = () => new Date(now - Math.floor(next() * 2 * 365 * 86_400_000)).toISOString();

  const companyIds = (
    await client.query<{ id: number }>(
      `insert into companies (name, city, active)
       select 'Firestop maker ' || n, (array['Zurich','Lyon','Leeds','Graz'])[1 + n % 4], true
       from generate_series(1, $1::int) as n
       returning id`,
      [MANUFACTURERS],
    )
  ).rows.map((row) => row.id);

  const familyCount = Math.ceil(scenarioCount / FAMILY_SHARE);
  const familyIds = (
    await client.query<{ id: number }>(
      `insert into revit_families (name, revit_version, file_name, file_size, revit_category, search_text,
         company_id, tif_status)
       select 'Firestop detail ' || n, (2019 + n % 7)::text, 'firestop-detail-' || n || '.rfa',
         400000 + n * 37, 'Generic Models', 'firestop detail ' || n, ($2::int[])[1 + n % $3], 'A'
       from generate_series(1, $1::int) as n
       returning id`,
      [familyCount, companyIds, companyIds.length],
    )
  ).rows.map((row) => row.id);

  type TScenario = { id: number; element: string; fireRating: string; published: boolean; companyId: number };
  const scenarios: TScenario[] = [];
  for (let start = 0; start < scenarioCount; start += BATCH) {
    const c = columnsOf([
      'name',
      'familyId',
      'companyId',
      'fireRating',
      'element',
      'material',
      'thickness',
      'minWidth',
      'maxWidth',
      'tif',
      'active',
      'updated',
    ] as const);
    const meta: Array<Omit<TScenario, 'id'>> = [];
    for (let i = start; i < Math.min(scenarioCount, start + BATCH); i++) {
      const [element, materials] = pick(ELEMENTS);
      const fireRating = pick(RATINGS);
      const { tif, active } = status();
      const companyId = pick(companyIds);
      const minWidth = 50 * Math.floor(next() * 4);
      c.name.push(`${pick(SYSTEMS)} in ${element.toLowerCase()} ${fireRating} #${i + 1}`);
      c.familyId.push(familyIds[i % familyIds.length]);
      c.companyId.push(companyId);
      c.fireRating.push(fireRating);
      c.element.push(element);
      c.material.push(next() < 0.15 ? null : pick(materials));
      c.thickness.push(
        element.includes('wall-f') || element === 'shaft-wall'
          ? 75 + 25 * Math.floor(next() * 4)
          : 100 + 50 * Math.floor(next() * 4),
      );
      c.minWidth.push(minWidth);
      c.maxWidth.push(next() < 0.2 ? null : minWidth + 200 + 100 * Math.floor(next() * 8));
      c.tif.push(tif);
      c.active.push(active);
      c.updated.push(when());
      meta.push({ element, fireRating, published: tif === 'A' && active, companyId });
    }
    const ids = await client.query<{ id: number }>(
      `insert into scenarios (name, revit_family_id, company_id, fire_rating, construction_element,
         construction_material_code, construction_thickness, aperture_size_min_width,
         aperture_size_max_width, document_type, tif_status, active, created_on, last_update)
       select name, family_id, company_id, fire_rating, element, material, thickness, min_width,
         max_width, 'Approval', tif, active, updated, updated
       from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::float8[],
         $8::float8[], $9::float8[], $10::text[], $11::bool[], $12::timestamptz[])
         with ordinality as t(name, family_id, company_id, fire_rating, element, material, thickness,
           min_width, max_width, tif, active, updated, n)
       order by n
       returning id`,
      Object.values(c),
    );
    ids.rows.forEach((row, index) => scenarios.push({ id: row.id, ...meta[index]! }));
  }

  const sample: TSeededRule[] = [];
  let publishedRules = 0;
  for (let start = 0; start < ruleCount; start += BATCH) {
    const c = columnsOf([
      'name',
      'scenarioId',
      'companyId',
      'typeCode',
      'materialCode',
      'low',
      'high',
      'closureType',
      'closureCount',
      'insulation',
      'tif',
      'active',
      'updated',
    ] as const);
    for (let i = start; i < Math.min(ruleCount, start + BATCH); i++) {
      const scenario = pick(scenarios);
      const [typeCode, , materials] = service();
      const materialCode = next() < 0.1 ? null : pick(materials);
      const from = Math.floor(next() * (SIZES.length - 2));
      const to = Math.min(SIZES.length - 1, from + 2 + Math.floor(next() * 4));
      const open = next();
      const low = open < 0.025 ? null : SIZES[from]!;
      const high = open > 0.975 ? null : SIZES[to]!;
      const { tif, active } = status();
      const closure = typeCode === 'pipe-plastic' || typeCode === 'pipe-composite' ? pick(CLOSURES) : null;
      c.name.push(`${typeCode} ${materialCode ?? 'any'} ${low ?? 0}-${high ?? '∞'} mm #${i + 1}`);
      c.scenarioId.push(scenario.id);
      c.companyId.push(scenario.companyId);
      c.typeCode.push(typeCode);
      c.materialCode.push(materialCode);
      c.low.push(low);
      c.high.push(high);
      c.closureType.push(closure);
      c.closureCount.push(closure ? 1 + Math.floor(next() * 2) : null);
      c.insulation.push(typeCode === 'pipe-insulated' ? pick(INSULATIONS) : null);
      c.tif.push(tif);
      c.active.push(active);
      c.updated.push(when());
      if (tif === 'A' && active) {
        publishedRules++;
        if (scenario.published)
          sample.push({
            typeCode,
            materialCode,
            low,
            high,
            constructionElement: scenario.element,
            fireRating: scenario.fireRating,
          });
      }
    }
    await client.query(
      `insert into placement_rules (name, scenario_id, company_id, type_code, material_code,
         service_size_range_low, service_size_range_high, closure_device_system_type,
         closure_device_system_count, additional_insulation_type_code, tif_status, active,
         created_on, last_update)
       select * from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::float8[],
         $7::float8[], $8::text[], $9::int[], $10::text[], $11::text[], $12::bool[], $13::timestamptz[],
         $13::timestamptz[])`,
      Object.values(c),
    );
  }
  await client.query('vacuum analyze companies, revit_families, scenarios, placement_rules');
  return {
    scenarios: scenarioCount,
    rules: ruleCount,
    families: familyIds.length,
    publishedRules,
    sample,
  };
}
