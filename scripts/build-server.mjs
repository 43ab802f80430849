/* global performance */
// Bundles the server and the workspace code it imports (@portal/contract) into
// packages/server/dist/main.js, so `npm start` runs plain JavaScript without a TypeScript loader.
// npm packages stay external: they load from node_modules as installed (sharp, argon2 and PGlite
// carry native or wasm parts that must not be bundled).
// Usage: node scripts/build-server.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');

/** Leaves every bare import external except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
const result = await build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outfile: path.join(server, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
}).catch(() => {
  // esbuild has printed the errors with their places.
  process.exit(1);
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(
  `server built: packages/server/dist/main.js from ${inputs} files in ${Math.round(performance.now() - started)} ms`,
);
