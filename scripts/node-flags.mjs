// The flags Node runs the compiled portal with: `npm start` (package.json) and the benchmarks and
// start-up report, which measure what `npm start` runs, all take them from here.
// Run as a script it prints them for a shell: `node $(node scripts/node-flags.mjs) dist/main.js`.
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/** The V8 heap the portal may grow to unless PORTAL_HEAP_MB says otherwise. */
export const DEFAULT_HEAP_MB = 512;
/** Each half of V8's young generation, where request-sized garbage lives and dies. */
const SEMI_SPACE_MB = 32;

/**
 * - Source maps, for stack traces that name the TypeScript sources.
 * - A bounded heap: besides its ceiling, the bound tells V8 that memory counts, so it collects
 *   before the heap has grown to four times what is live (its rule on a machine with gigabytes
 *   free); an Excel import of 100,000 rows stays near 200 MiB resident instead of 350.
 * - No allocation-site pretenuring: V8 would start to allocate the objects of a site straight in
 *   the old generation once many of them outlive a scavenge. A streaming reader's rows do, briefly,
 *   while they wait for the database; so in a portal that has run a while, each import of 100,000
 *   rows filled the old generation with them and took 10 s instead of 4.5 s (docs/performance.md).
 *   The portal's work is request-sized garbage that the young generation handles best.
 * - A young generation of up to 2 x 32 MiB (V8's own ceiling is 16 MiB a half): a page of 50
 *   families is some 200 KiB of short-lived text (the database's JSON, the answer), so 50 requests
 *   in flight keep 10 MiB of it alive and a small young generation scavenged it every few
 *   milliseconds, copying it each time: 22 % of the portal's CPU under load went to collecting,
 *   6 % with this (docs/performance.md). It grows only as fast as the portal allocates.
 */
export function nodeFlags(env = process.env) {
  const heapMb = Number(env.PORTAL_HEAP_MB || DEFAULT_HEAP_MB);
  if (!Number.isInteger(heapMb) || heapMb < 64)
    throw new Error(
      `PORTAL_HEAP_MB must be a whole number of megabytes, 64 or more; got "${env.PORTAL_HEAP_MB}"`,
    );
  return [
    '--enable-source-maps',
    `--max-old-space-size=${heapMb}`,
    '--no-allocation-site-pretenuring',
    `--max-semi-space-size=${SEMI_SPACE_MB}`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(nodeFlags().join(' '));
  } catch (error) {
    console.error(`Family Portal cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
