// `npm run demo`: the living portal in one command. Seeds the demo library (npm run seed:demo) into
// ./demo-data the first time (when the folder is missing or empty), then starts the portal on it
// as `npm start` does. Later runs start on the data the first one left. Every other variable of
// `npm start` applies (PORT, PORTAL_ADMIN_PASSWORD, ...); DATABASE_URL is ignored: the demo lives
// in its own embedded database, never in a server's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'demo-data');
/** Written once the seeding finished: a folder without it holds a seeding that broke off. */
const marker = path.join(dataDir, '.demo-seeded');

const env = { ...process.env, DATA_DIR: dataDir };
if (env.DATABASE_URL) {
  console.log('  npm run demo: DATABASE_URL is ignored, the demo lives in ./demo-data.');
  delete env.DATABASE_URL;
}

const run = (command, args) => spawnSync(command, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

const empty = !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
if (empty) {
  console.log('  npm run demo: seeding the demo library into ./demo-data (once) ...');
  const status = run('npx', ['tsx', 'packages/server/src/demo/seed-demo-main.ts']);
  if (status !== 0) process.exit(status);
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
} else if (!fs.existsSync(marker)) {
  console.error(
    '  npm run demo: ./demo-data holds data the demo seeding did not finish (or other data).\n' +
      '  Delete the folder (rm -rf demo-data) and run npm run demo again.',
  );
  process.exit(1);
}
process.exit(run('npm', ['start']));
