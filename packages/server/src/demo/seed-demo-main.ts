/**
 * `npm run seed:demo [-- --size large]`: opens the portal's database as `npm start` does (DATA_DIR
 * for the embedded PGlite, DATABASE_URL for PostgreSQL; migrations and the first-start seeding with
 * PORTAL_ADMIN_PASSWORD), fills it with the demo library and prints what it made. Exit code 1 on a
 * refusal (the demo is there already, a wrong administrator password, an unknown option).
 */
import { loadConfig, type TConfig } from '../config.ts';
import { DemoRefusedError, seedDemoPortal, type TDemoSize, type TDemoSummary } from './seed-demo.ts';

const USAGE = `Usage: npm run seed:demo [-- --size small|large]

Fills a fresh portal (DATA_DIR, or DATABASE_URL) with a realistic demo library: companies in a
tree, people in every role, licences, families with versions, price lists, scenarios, pending
approvals and three months of activity. --size large adds benchmark volumes in bulk: 100,000
families, 10,000 people (password Demo-Passw0rd!) and 1,000,000 price items. The administrator's password is PORTAL_ADMIN_PASSWORD
(or the one printed when this run creates the administrator). Runs once: a seeded database is
refused (exit code 1) and left unchanged.`;

function sizeOf(args: readonly string[]): TDemoSize {
  let size: TDemoSize = 'small';
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = arg.startsWith('--size=')
      ? arg.slice('--size='.length)
      : arg === '--size'
        ? args[++i]
        : null;
    if (value === null) throw new DemoRefusedError(`Unknown option "${arg}".\n\n${USAGE}`);
    if (value !== 'small' && value !== 'large')
      throw new DemoRefusedError(`--size must be small or large, got "${value ?? ''}".`);
    size = value;
  }
  return size;
}

function printSummary(summary: TDemoSummary, adminPassword: string, generated: boolean, config: TConfig) {
  const c = summary.counts;
  const lines = [
    '',
    '  Demo data made:',
    `    ${c.companies} companies (2 manufacturers with subsidiaries, customers), ${c.users} people, ${c.licences} licences (one ends within 30 days), ${c.terms} terms`,
    `    ${c.categories} categories, ${c.families} families (${c.familyVersions} file versions), ${c.parameterLists} parameter lists, ${c.genericLists} generic lists`,
    `    ${c.priceLists} price lists and ${c.partLists} part lists (${c.priceItems} items), ${c.scenarios} scenarios, ${c.placementRules} placement rules`,
    `    ${c.pendingRequests} requests waiting for approval, ${c.notifications} notifications, ${c.activityRows} activity rows over 90 days`,
    ...(summary.search
      ? [
          `    searches the benches measure: '${summary.search.familyWord}' in ${summary.search.familiesMatching} families (${summary.search.familiesInCategoryMatching} of the ${summary.search.familiesInCategory} in ${summary.search.category.name}), '${summary.search.personWord}' in ${summary.search.peopleMatching} people`,
        ]
      : []),
    '',
    `  Sign in as "admin" with ${generated ? `the password: ${adminPassword}` : 'the password in PORTAL_ADMIN_PASSWORD'}`,
    `  or as any of these with the password ${summary.demoPassword}:`,
    ...summary.people.map((p) => `    ${p.login.padEnd(12)} ${p.role.padEnd(16)} ${p.company}`),
    '',
    `  Start the portal on it: ${config.databaseUrl ? 'DATABASE_URL=… npm start' : `DATA_DIR=${config.dataDir} npm start`} (or npm run demo)`,
    '',
  ];
  console.log(lines.join('\n'));
}

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let size: TDemoSize;
  let config: TConfig;
  try {
    size = sizeOf(args);
    config = loadConfig();
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const started = Date.now();
  try {
    const { summary, generatedAdminPassword } = await seedDemoPortal({
      size,
      config,
      progress: (line) => console.log(`  seed:demo: ${line}`),
    });
    printSummary(summary, generatedAdminPassword ?? '', generatedAdminPassword !== undefined, config);
    console.log(`  Done in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return 0;
  } catch (error) {
    if (error instanceof DemoRefusedError) {
      console.error(`seed:demo: ${error.message}`);
      return 1;
    }
    console.error(
      `seed:demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n` +
        'The database may hold part of the demo now: start again from an empty data folder or database.',
    );
    return 1;
  }
}

process.exitCode = await run();
