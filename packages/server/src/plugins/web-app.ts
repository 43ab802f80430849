import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Vite names every file under assets/ by its content hash, so a changed file gets a new name and
// the old one may be cached for a year without ever being asked for again.
const HASHED_ASSET = 'public, max-age=31536000, immutable';
// index.html names the current hashed files: browsers keep it but ask each visit (ETag, 304).
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app at `/` with the brotli and gzip copies made at build time
 * (scripts/compress-web.mjs) when the browser accepts them; serves nothing when `root` holds no build.
 */
export async function webAppPlugin(app: FastifyInstance, options: { root: string }): Promise<void> {
  if (!fs.existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ webDist: options.root }, 'no built web app found; serving the API only');
    return;
  }
  const assets = path.join(path.resolve(options.root), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    // Looked up per request, so a rebuilt web app is served without a restart.
    wildcard: true,
    // An array: with preCompressed, @fastify/static finds a compressed index only from a list.
    index: ['index.html'],
    preCompressed: true,
    // Build records (Vite's .vite/manifest.json, read by the browser tests) are not the web app's.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, file) => {
      void reply.header('cache-control', file.startsWith(assets) ? HASHED_ASSET : REVALIDATE);
    },
  });
}
