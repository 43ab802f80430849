import { loadConfig } from '../../packages/server/src/config.ts';
import { seedDemoPortal, type TDemoSummary } from '../../packages/server/src/demo/seed-demo.ts';
import type { TBenchRun } from './bench-run.ts';
import { benchPortalEnv } from './portal.ts';

/** The demo's summary with what its searches find (always there for the large size). */
export type TBenchSeed = TDemoSummary & { search: NonNullable<TDemoSummary['search']> };

/**
 * Seeds the run's fresh database by the function `npm run seed:demo -- --size large` runs, in
 * this process, with the bench portal's settings (so the files land where the portal reads them,
 * and the first start makes the admin with the bench password): the demo library beside the bulk
 * volumes, which it vacuums and analyses as autovacuum would have. `largeScale` below 1 seeds that
 * fraction of the volumes, for a bench that needs fewer rows (each says why). `people` sets the
 * people in all apart from that scale; `env` overrides the portal's settings (an empty
 * DATABASE_URL and a DATA_DIR of its own seed the embedded PGlite there).
 */
export async function seedBenchDemo(
  run: TBenchRun,
  largeScale = 1,
  options: { people?: number; env?: Record<string, string> } = {},
): Promise<TBenchSeed> {
  const config = loadConfig({ ...process.env, ...benchPortalEnv(run), ...options.env });
  const { summary } = await seedDemoPortal({
    size: 'large',
    largeScale,
    ...(options.people === undefined ? {} : { largePeople: options.people }),
    config,
    progress: (line) => run.say(`seed:demo: ${line}`),
  });
  const { search } = summary;
  if (!search) throw new Error('seed:demo --size large answered no search facts');
  return { ...summary, search };
}
