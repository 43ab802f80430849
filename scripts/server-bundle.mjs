// One way to bundle a server entry for Node: `npm start`'s build (build-server.mjs) and the
// benchmarks' measured processes use it, so what the benches measure is what `npm start` runs.
import { build } from 'esbuild';

/** Leaves every bare import external except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles `entry` and the workspace code it imports (@portal/contract) into `outfile`, an ES module
 * for Node 20. npm packages stay external: they load from node_modules as installed (sharp, argon2
 * and PGlite carry native or wasm parts that must not be bundled). Answers esbuild's result.
 */
export function bundleServer({ entry, outfile, sourcemap = true }) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    plugins: [externalPackages],
    logLevel: 'warning',
    metafile: true,
  });
}
