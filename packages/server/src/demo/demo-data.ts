/**
 * What the demo library holds (`npm run seed:demo`): two manufacturers of fire protection with
 * their subsidiaries, two customers, their people, and the catalogue they publish. Plain data,
 * written once here; seed-demo.ts sends it through the API.
 */

/** The password every demo person signs in with (the administrator's comes from PORTAL_ADMIN_PASSWORD). */
export const DEMO_PASSWORD = 'Demo-Passw0rd!';

export type TDemoCompany = {
  key: string;
  name: string;
  parent?: string;
  partner: boolean;
  city: string;
  country: string;
  url: string;
  email: string;
  contact: string;
  phone: string;
  /** A logo of its own (the header shows it); without one the company uses its parent's branding. */
  logo?: { text: string; colour: string; accent: string };
  licence?: string;
};

export const DEMO_COMPANIES: readonly TDemoCompany[] = [
  {
    key: 'pyro',
    name: 'Pyroguard Systems',
    partner: true,
    city: 'Manchester',
    country: 'United Kingdom',
    url: 'https://pyroguard.example.com',
    email: 'bim@pyroguard.example.com',
    contact: 'Martin Keller',
    phone: '+44 161 555 0100',
    logo: { text: 'PG', colour: '#c0392b', accent: '#f39c12' },
    licence: 'PYRO-ENTERPRISE',
  },
  {
    key: 'pyro-uk',
    name: 'Pyroguard UK Ltd',
    parent: 'pyro',
    partner: true,
    city: 'Leeds',
    country: 'United Kingdom',
    url: 'https://pyroguard.example.com/uk',
    email: 'uk@pyroguard.example.com',
    contact: 'Anna Novak',
    phone: '+44 113 555 0120',
    licence: 'PYRO-ENTERPRISE',
  },
  {
    key: 'pyro-academy',
    name: 'Pyroguard Installer Academy',
    parent: 'pyro-uk',
    partner: false,
    city: 'Leeds',
    country: 'United Kingdom',
    url: 'https://pyroguard.example.com/academy',
    email: 'academy@pyroguard.example.com',
    contact: 'Grace Whitfield',
    phone: '+44 113 555 0130',
    licence: 'PYRO-ENTERPRISE',
  },
  {
    key: 'pyro-de',
    name: 'Pyroguard Deutschland GmbH',
    parent: 'pyro',
    partner: true,
    city: 'Cologne',
    country: 'Germany',
    url: 'https://pyroguard.example.com/de',
    email: 'de@pyroguard.example.com',
    contact: 'Jonas Fischer',
    phone: '+49 221 555 0140',
    licence: 'PYRO-ENTERPRISE',
  },
  {
    key: 'pyro-nordic',
    name: 'Pyroguard Nordic AB',
    parent: 'pyro',
    partner: true,
    city: 'Gothenburg',
    country: 'Sweden',
    url: 'https://pyroguard.example.com/se',
    email: 'nordic@pyroguard.example.com',
    contact: 'Tove Berg',
    phone: '+46 31 555 0150',
    licence: 'PYRO-ENTERPRISE',
  },
  {
    key: 'aero',
    name: 'Aerovent Fire Dampers',
    partner: true,
    city: 'Lyon',
    country: 'France',
    url: 'https://aerovent.example.com',
    email: 'bim@aerovent.example.com',
    contact: 'Sophie Laurent',
    phone: '+33 4 55 50 02 00',
    logo: { text: 'AV', colour: '#1f5f8b', accent: '#7fc8f8' },
    licence: 'AERO-PROFESSIONAL',
  },
  {
    key: 'aero-fr',
    name: 'Aerovent France SAS',
    parent: 'aero',
    partner: true,
    city: 'Paris',
    country: 'France',
    url: 'https://aerovent.example.com/fr',
    email: 'fr@aerovent.example.com',
    contact: 'Pierre Dubois',
    phone: '+33 1 55 50 02 10',
    licence: 'AERO-PROFESSIONAL',
  },
  {
    key: 'aero-doors',
    name: 'Aerovent Doors & Shutters',
    parent: 'aero',
    partner: true,
    city: 'Grenoble',
    country: 'France',
    url: 'https://aerovent.example.com/doors',
    email: 'doors@aerovent.example.com',
    contact: 'Lea Marchand',
    phone: '+33 4 55 50 02 20',
    logo: { text: 'AD', colour: '#2e7d32', accent: '#a5d6a7' },
    licence: 'AERO-PROFESSIONAL',
  },
  {
    key: 'northbridge',
    name: 'Northbridge Architects',
    partner: false,
    city: 'Bristol',
    country: 'United Kingdom',
    url: 'https://northbridge.example.com',
    email: 'studio@northbridge.example.com',
    contact: 'Emma Walker',
    phone: '+44 117 555 0300',
    logo: { text: 'NA', colour: '#37474f', accent: '#cfd8dc' },
    licence: 'NORTHBRIDGE-STARTER',
  },
  {
    key: 'kanto',
    name: 'Kanto Building Services',
    partner: false,
    city: 'Yokohama',
    country: 'Japan',
    url: 'https://kanto-bs.example.com',
    email: 'info@kanto-bs.example.com',
    contact: 'Haruto Sato',
    phone: '+81 45 555 0400',
  },
];

export type TDemoLicence = {
  code: string;
  type: string;
  description: string;
  /** Days from the seeding day to its end (one ends within 30 days: the dashboard warns). */
  validDays: number;
  seats: number;
  manager: string;
};

export const DEMO_LICENCES: readonly TDemoLicence[] = [
  {
    code: 'PYRO-ENTERPRISE',
    type: 'Enterprise',
    description: 'Pyroguard group: publishing and downloads for every subsidiary',
    validDays: 330,
    seats: 50,
    manager: 'Claire Moreau',
  },
  {
    code: 'AERO-PROFESSIONAL',
    type: 'Professional',
    description: 'Aerovent group: dampers, doors and shutters',
    validDays: 150,
    seats: 25,
    manager: 'Claire Moreau',
  },
  {
    code: 'NORTHBRIDGE-STARTER',
    type: 'Starter',
    description: 'Northbridge Architects: trial for the Bristol studio, renewal under discussion',
    validDays: 21,
    seats: 10,
    manager: 'Claire Moreau',
  },
];

export type TDemoRole = 'adminrole' | 'partnerrole' | 'partneruserrole' | 'userrole';

export type TDemoUser = {
  login: string;
  firstName: string;
  lastName: string;
  role: TDemoRole;
  /** A company key, or null for the portal's own company (the administrator's). */
  company: string | null;
  language?: 'en' | 'de' | 'fr' | 'es' | 'ja' | 'zh';
};

export const DEMO_USERS: readonly TDemoUser[] = [
  { login: 'c.moreau', firstName: 'Claire', lastName: 'Moreau', role: 'adminrole', company: null },
  { login: 'm.keller', firstName: 'Martin', lastName: 'Keller', role: 'partnerrole', company: 'pyro' },
  { login: 'a.novak', firstName: 'Anna', lastName: 'Novak', role: 'partneruserrole', company: 'pyro-uk' },
  {
    login: 'j.fischer',
    firstName: 'Jonas',
    lastName: 'Fischer',
    role: 'partneruserrole',
    company: 'pyro-de',
    language: 'de',
  },
  { login: 't.berg', firstName: 'Tove', lastName: 'Berg', role: 'userrole', company: 'pyro-nordic' },
  {
    login: 'g.whitfield',
    firstName: 'Grace',
    lastName: 'Whitfield',
    role: 'userrole',
    company: 'pyro-academy',
  },
  {
    login: 's.laurent',
    firstName: 'Sophie',
    lastName: 'Laurent',
    role: 'partnerrole',
    company: 'aero',
    language: 'fr',
  },
  {
    login: 'p.dubois',
    firstName: 'Pierre',
    lastName: 'Dubois',
    role: 'partneruserrole',
    company: 'aero-fr',
    language: 'fr',
  },
  { login: 'e.walker', firstName: 'Emma', lastName: 'Walker', role: 'userrole', company: 'northbridge' },
  { login: 'l.chen', firstName: 'Liang', lastName: 'Chen', role: 'userrole', company: 'northbridge' },
  { login: 'r.okafor', firstName: 'Ruth', lastName: 'Okafor', role: 'userrole', company: 'northbridge' },
  {
    login: 'h.sato',
    firstName: 'Haruto',
    lastName: 'Sato',
    role: 'userrole',
    company: 'kanto',
    language: 'ja',
  },
];

export type TDemoCategory = { key: string; name: string; description: string; colour: string };

export const DEMO_CATEGORIES: readonly TDemoCategory[] = [
  {
    key: 'collars',
    name: 'Fire collars',
    description: 'Intumescent collars that close plastic pipes in a fire',
    colour: '#d35400',
  },
  {
    key: 'wraps',
    name: 'Intumescent wraps',
    description: 'Wraps for insulated and composite pipes',
    colour: '#e67e22',
  },
  {
    key: 'seals',
    name: 'Firestop seals',
    description: 'Sealants, batts, mortars and pillows for penetrations',
    colour: '#c0392b',
  },
  {
    key: 'dampers',
    name: 'Fire dampers',
    description: 'Fire and smoke control dampers for ventilation ducts',
    colour: '#2471a3',
  },
  {
    key: 'doors',
    name: 'Fire doors',
    description: 'Fire-rated doors and access panels',
    colour: '#1e8449',
  },
  {
    key: 'shutters',
    name: 'Fire shutters',
    description: 'Rolling fire shutters and curtains',
    colour: '#7d3c98',
  },
];

export type TDemoFamily = {
  key: string;
  name: string;
  company: string;
  category: string;
  /** Fixture years (packages/server/test/fixtures/rfa/family-<year>.rfa), oldest first: one version each. */
  files: readonly number[];
  description: string;
  tags: readonly string[];
  rating: number;
  cost: number;
  parameterList?: string;
  /** Types of its type catalog: name, then one value per catalog column. */
  catalog?: { columns: readonly string[]; rows: readonly (readonly string[])[] };
};

const COLLAR_CATALOG = {
  columns: [
    'Pipe Diameter##LENGTH##MILLIMETERS',
    'Collar Height##LENGTH##MILLIMETERS',
    'Fire Rating##OTHER##',
  ],
  rows: [
    ['PC-32', '32', '30', 'EI 120'],
    ['PC-50', '50', '30', 'EI 120'],
    ['PC-75', '75', '40', 'EI 120'],
    ['PC-110', '110', '50', 'EI 120'],
    ['PC-160', '160', '60', 'EI 90'],
  ],
};

const DAMPER_CATALOG = {
  columns: [
    'Nominal Diameter##LENGTH##MILLIMETERS',
    'Casing Length##LENGTH##MILLIMETERS',
    'Fire Rating##OTHER##',
  ],
  rows: [
    ['CFD-100', '100', '300', 'EI 90 S'],
    ['CFD-125', '125', '300', 'EI 90 S'],
    ['CFD-160', '160', '350', 'EI 90 S'],
    ['CFD-200', '200', '350', 'EI 90 S'],
    ['CFD-250', '250', '400', 'EI 90 S'],
    ['CFD-315', '315', '400', 'EI 60 S'],
  ],
};

const DOOR_CATALOG = {
  columns: ['Width##LENGTH##MILLIMETERS', 'Height##LENGTH##MILLIMETERS', 'Fire Rating##OTHER##'],
  rows: [
    ['FD-810 x 2040', '810', '2040', 'EI2 30-Sa'],
    ['FD-910 x 2040', '910', '2040', 'EI2 30-Sa'],
    ['FD-1010 x 2140', '1010', '2140', 'EI2 30-Sa'],
  ],
};

export const DEMO_FAMILIES: readonly TDemoFamily[] = [
  {
    key: 'pc110',
    name: 'PG Intumescent Pipe Collar PC-110',
    company: 'pyro',
    category: 'collars',
    files: [2019, 2021, 2023],
    description: 'Surface-mounted collar for PVC-U, PE and PP pipes up to 160 mm in walls and floors.',
    tags: ['collar', 'plastic pipe', 'EI 120'],
    rating: 5,
    cost: 48.5,
    parameterList: 'PG-FIRESTOP',
    catalog: COLLAR_CATALOG,
  },
  {
    key: 'iw50',
    name: 'PG Intumescent Wrap IW-50',
    company: 'pyro',
    category: 'wraps',
    files: [2018, 2020],
    description: 'Graphite wrap for insulated metal pipes and composite pipes.',
    tags: ['wrap', 'insulated pipe', 'EI 60'],
    rating: 4,
    cost: 22,
    parameterList: 'PG-FIRESTOP',
  },
  {
    key: 'fs1',
    name: 'PG Acrylic Firestop Sealant FS-1',
    company: 'pyro',
    category: 'seals',
    files: [2022],
    description: 'Water-based acrylic sealant for linear joints and small penetrations.',
    tags: ['sealant', 'joint', 'EI 90'],
    rating: 4,
    cost: 14.9,
  },
  {
    key: 'fb60',
    name: 'PG Fire Batt Seal FB-60',
    company: 'pyro',
    category: 'seals',
    files: [2019],
    description: 'Coated mineral wool batt for mixed penetrations in drywall and masonry.',
    tags: ['batt', 'mixed penetration', 'EI 60'],
    rating: 4,
    cost: 89,
  },
  {
    key: 'ct200',
    name: 'PG Cable Transit Seal CT-200',
    company: 'pyro-uk',
    category: 'seals',
    files: [2023],
    description: 'Modular transit for cable bundles and trays through rigid walls.',
    tags: ['cable', 'transit', 'EI 90'],
    rating: 3,
    cost: 210,
    parameterList: 'PG-FIRESTOP',
  },
  {
    key: 'fp300',
    name: 'PG Fire Pillow FP-300',
    company: 'pyro-de',
    category: 'seals',
    files: [2017],
    description: 'Re-usable intumescent pillows for temporary and cable penetrations.',
    tags: ['pillow', 'cable', 'EI 90'],
    rating: 3,
    cost: 12.4,
  },
  {
    key: 'fm25',
    name: 'PG Fire Mortar Seal FM-25',
    company: 'pyro-nordic',
    category: 'seals',
    files: [2016],
    description: 'Gypsum-based mortar for large openings in concrete floors.',
    tags: ['mortar', 'floor', 'EI 120'],
    rating: 4,
    cost: 31,
  },
  {
    key: 'sl90',
    name: 'PG Steel Pipe Sleeve SL-90',
    company: 'pyro',
    category: 'collars',
    files: [2024],
    description: 'Galvanised sleeve with intumescent liner for steel and copper pipes.',
    tags: ['sleeve', 'metal pipe', 'EI 90'],
    rating: 3,
    cost: 36,
  },
  {
    key: 'cfd200',
    name: 'AV Circular Fire Damper CFD-200',
    company: 'aero',
    category: 'dampers',
    files: [2018, 2022],
    description: 'Circular fire damper with thermal release, for rigid and flexible walls.',
    tags: ['damper', 'circular duct', 'EI 90 S'],
    rating: 5,
    cost: 265,
    parameterList: 'AV-DAMPER',
    catalog: DAMPER_CATALOG,
  },
  {
    key: 'rfd',
    name: 'AV Rectangular Fire Damper RFD-600x400',
    company: 'aero',
    category: 'dampers',
    files: [2023],
    description: 'Rectangular multi-blade fire damper with a 24 V actuator.',
    tags: ['damper', 'rectangular duct', 'EI 120 S'],
    rating: 4,
    cost: 540,
    parameterList: 'AV-DAMPER',
  },
  {
    key: 'scd',
    name: 'AV Smoke Control Damper SCD-500',
    company: 'aero',
    category: 'dampers',
    files: [2024],
    description: 'Multi-compartment smoke control damper for mechanical smoke extraction.',
    tags: ['smoke', 'damper', 'E 600'],
    rating: 4,
    cost: 780,
  },
  {
    key: 'tg300',
    name: 'AV Intumescent Transfer Grille TG-300',
    company: 'aero-fr',
    category: 'dampers',
    files: [2020],
    description: 'Transfer grille that closes with intumescent slats; for doors and walls.',
    tags: ['grille', 'transfer', 'EI 60'],
    rating: 3,
    cost: 96,
  },
  {
    key: 'fd910',
    name: 'AV Fire Door Single Leaf FD-910',
    company: 'aero-doors',
    category: 'doors',
    files: [2014, 2015, 2016],
    description: 'Single-leaf steel fire door, EI2 30 with smoke seal.',
    tags: ['door', 'single leaf', 'EI2 30'],
    rating: 5,
    cost: 1290,
    catalog: DOOR_CATALOG,
  },
  {
    key: 'fd1810',
    name: 'AV Fire Door Double Leaf FD-1810',
    company: 'aero-doors',
    category: 'doors',
    files: [2017],
    description: 'Double-leaf steel fire door, EI2 60, with selector and panic bar.',
    tags: ['door', 'double leaf', 'EI2 60'],
    rating: 4,
    cost: 2480,
  },
  {
    key: 'ap400',
    name: 'AV Access Panel AP-400',
    company: 'aero-doors',
    category: 'doors',
    files: [2015],
    description: 'Fire-rated access panel for shaft walls, EI 60.',
    tags: ['access panel', 'shaft wall', 'EI 60'],
    rating: 3,
    cost: 185,
  },
  {
    key: 'rs3000',
    name: 'AV Rolling Fire Shutter RS-3000',
    company: 'aero-doors',
    category: 'shutters',
    files: [2021],
    description: 'Steel rolling shutter with gravity fail-safe closing, EI 120.',
    tags: ['shutter', 'rolling', 'EI 120'],
    rating: 4,
    cost: 4350,
  },
];

export type TDemoScenario = {
  key: string;
  name: string;
  company: string;
  family: string;
  parameterList?: string;
  element: string;
  material: string;
  thickness: number;
  fireRating: string;
  aperture: [number, number, number, number];
  documentType: string;
  detailReference: string;
};

export const DEMO_SCENARIOS: readonly TDemoScenario[] = [
  {
    key: 'pc-wall',
    name: 'PC-110 collar, plastic pipe through a concrete wall',
    company: 'pyro',
    family: 'pc110',
    parameterList: 'PG-FIRESTOP',
    element: 'wall-rigid',
    material: 'concrete',
    thickness: 100,
    fireRating: 'EI 120',
    aperture: [40, 40, 180, 180],
    documentType: 'ETA',
    detailReference: 'ETA-17/0123 annex B.1',
  },
  {
    key: 'pc-floor',
    name: 'PC-110 collar, plastic pipe through a concrete floor',
    company: 'pyro',
    family: 'pc110',
    parameterList: 'PG-FIRESTOP',
    element: 'floor-rigid',
    material: 'concrete',
    thickness: 150,
    fireRating: 'EI 120',
    aperture: [40, 40, 180, 180],
    documentType: 'ETA',
    detailReference: 'ETA-17/0123 annex B.4',
  },
  {
    key: 'iw-drywall',
    name: 'IW-50 wrap, insulated pipe through a drywall',
    company: 'pyro',
    family: 'iw50',
    parameterList: 'PG-FIRESTOP',
    element: 'wall-flexible',
    material: 'gypsum-board',
    thickness: 100,
    fireRating: 'EI 60',
    aperture: [30, 30, 250, 250],
    documentType: 'ETA',
    detailReference: 'ETA-19/0456 annex C.2',
  },
  {
    key: 'ct-masonry',
    name: 'CT-200 transit, cable bundle through a masonry wall',
    company: 'pyro-uk',
    family: 'ct200',
    element: 'wall-rigid',
    material: 'masonry',
    thickness: 150,
    fireRating: 'EI 90',
    aperture: [100, 100, 600, 400],
    documentType: 'Test report',
    detailReference: 'WF 412345',
  },
  {
    key: 'cfd-drywall',
    name: 'CFD-200 damper in a drywall',
    company: 'aero',
    family: 'cfd200',
    parameterList: 'AV-DAMPER',
    element: 'wall-flexible',
    material: 'gypsum-board',
    thickness: 100,
    fireRating: 'EI 90 S',
    aperture: [100, 100, 400, 400],
    documentType: 'DoP',
    detailReference: 'DoP AV-CFD-2024-01',
  },
  {
    key: 'rfd-floor',
    name: 'RFD damper in a concrete floor',
    company: 'aero',
    family: 'rfd',
    parameterList: 'AV-DAMPER',
    element: 'floor-rigid',
    material: 'concrete',
    thickness: 150,
    fireRating: 'EI 120 S',
    aperture: [200, 200, 1500, 800],
    documentType: 'DoP',
    detailReference: 'DoP AV-RFD-2024-03',
  },
];

export type TDemoRule = {
  name: string;
  company: string;
  scenario: string;
  type: string;
  material?: string;
  range: [number, number];
  insulation?: { code: string; thickness: number };
  closure?: { type: string; count: number; thickness: number };
};

export const DEMO_RULES: readonly TDemoRule[] = [
  {
    name: 'PVC-U pipes 32–110 mm, wall',
    company: 'pyro',
    scenario: 'pc-wall',
    type: 'pipe-plastic',
    material: 'pvc',
    range: [32, 110],
    closure: { type: 'collar', count: 2, thickness: 30 },
  },
  {
    name: 'PE pipes 40–160 mm, wall',
    company: 'pyro',
    scenario: 'pc-wall',
    type: 'pipe-plastic',
    material: 'pe',
    range: [40, 160],
    closure: { type: 'collar', count: 2, thickness: 50 },
  },
  {
    name: 'PP pipes 32–125 mm, floor',
    company: 'pyro',
    scenario: 'pc-floor',
    type: 'pipe-plastic',
    material: 'pp',
    range: [32, 125],
    closure: { type: 'collar', count: 1, thickness: 50 },
  },
  {
    name: 'Insulated steel pipes up to 89 mm',
    company: 'pyro',
    scenario: 'iw-drywall',
    type: 'pipe-insulated',
    material: 'steel',
    range: [15, 89],
    insulation: { code: 'elastomeric', thickness: 25 },
    closure: { type: 'wrap', count: 2, thickness: 10 },
  },
  {
    name: 'Cable bundles up to 100 mm',
    company: 'pyro-uk',
    scenario: 'ct-masonry',
    type: 'cable-bundle',
    material: 'copper',
    range: [0, 100],
  },
  {
    name: 'Galvanised circular ducts 100–315 mm',
    company: 'aero',
    scenario: 'cfd-drywall',
    type: 'duct',
    material: 'galvanised',
    range: [100, 315],
    closure: { type: 'damper', count: 1, thickness: 0 },
  },
  {
    name: 'Galvanised rectangular ducts up to 1500 mm',
    company: 'aero',
    scenario: 'rfd-floor',
    type: 'duct',
    material: 'galvanised',
    range: [200, 1500],
    closure: { type: 'damper', count: 1, thickness: 0 },
  },
];

/** Generic lists the demo adds beside the seeded ones. */
export const DEMO_LISTS = [
  {
    listCode: 'fireratinglist',
    listDescription: 'Fire resistance classes (EN 13501-2)',
    listItems: ['E 30', 'EI 30', 'EI 60', 'EI 90', 'EI 120', 'EI 240'].map((code) => ({
      itemCode: code.replace(' ', ''),
      itemDescription: code,
    })),
  },
  {
    listCode: 'leakageclasslist',
    listDescription: 'Damper casing leakage classes (EN 1751)',
    listItems: ['A', 'B', 'C', 'D'].map((code) => ({ itemCode: code, itemDescription: `Class ${code}` })),
  },
];

/** Price list items: a product line in sizes, so a list reads like a real one. */
export const PRICE_LINES = {
  pyro: [
    {
      prefix: 'PC',
      name: 'Intumescent pipe collar',
      sizes: [32, 40, 50, 63, 75, 90, 110, 125, 160],
      base: 18,
    },
    { prefix: 'IW', name: 'Intumescent wrap, roll', sizes: [25, 50, 75, 100], base: 9 },
    { prefix: 'SL', name: 'Steel pipe sleeve', sizes: [22, 28, 35, 42, 54, 76, 89], base: 14 },
    { prefix: 'FS1', name: 'Acrylic firestop sealant, 310 ml', sizes: [310], base: 14.9 },
    { prefix: 'FB', name: 'Coated fire batt 1200x600', sizes: [50, 60], base: 62 },
  ],
  aero: [
    {
      prefix: 'CFD',
      name: 'Circular fire damper',
      sizes: [100, 125, 160, 200, 250, 315, 400, 500],
      base: 160,
    },
    {
      prefix: 'RFD',
      name: 'Rectangular fire damper, width',
      sizes: [200, 300, 400, 600, 800, 1000],
      base: 320,
    },
    { prefix: 'SCD', name: 'Smoke control damper', sizes: [300, 500, 800], base: 520 },
    { prefix: 'TG', name: 'Intumescent transfer grille', sizes: [150, 300, 450], base: 58 },
  ],
} as const;
