/* global performance */
// Bundles the server and the workspace code it imports (@portal/contract) into
// packages/server/dist/main.js, so `npm start` runs plain JavaScript without a TypeScript loader.
// Usage: node scripts/build-server.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');

const started = performance.now();
const result = await bundleServer({
  entry: path.join(server, 'src/main.ts'),
  outfile: path.join(server, 'dist/main.js'),
}).catch(() => {
  // esbuild has printed the errors with their places.
  process.exit(1);
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(
  `server built: packages/server/dist/main.js from ${inputs} files in ${Math.round(performance.now() - started)} ms`,
);
