/* global performance */
// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the built web app, once
// at build time, so the server sends them as they are (@fastify/static preCompressed) instead of
// compressing on every request.
// Usage: node scripts/compress-web.mjs [folder]   (default packages/web/dist)
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.resolve(process.argv[2] ?? path.join(root, 'packages/web/dist'));
const extensions = new Set(['.js', '.css', '.html', '.svg', '.json']);
// Below about 1 KiB the saving is smaller than a network packet and not worth a file.
const minimumBytes = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every file under `dir`, as absolute paths. */
async function filesUnder(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function compress(file) {
  const content = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  return { original: content.length, br: br.length, gz: gz.length };
}

const started = performance.now();
const candidates = [];
for (const file of await filesUnder(folder)) {
  if (!extensions.has(path.extname(file))) continue;
  if ((await fs.stat(file)).size > minimumBytes) candidates.push(file);
}
const sizes = await Promise.all(candidates.map(compress));
const total = (key) => sizes.reduce((sum, size) => sum + size[key], 0);
const kib = (bytes) => `${Math.round(bytes / 1024)} KiB`;
console.log(
  `compressed ${sizes.length} files in ${Math.round(performance.now() - started)} ms: ` +
    `${kib(total('original'))} -> brotli ${kib(total('br'))}, gzip ${kib(total('gz'))}`,
);
