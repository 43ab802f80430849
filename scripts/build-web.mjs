// Builds the web app (vite, then the brotli and gzip copies) unless the last build came from the
// same inputs: `npm start` and the browser tests then skip the build when nothing changed.
// Inputs are the web and contract packages, the shared tsconfig and the lock file, by content; the
// build is redone when packages/web/dist/index.html is missing or came from a build run otherwise.
// Usage: node scripts/build-web.mjs
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const index = path.join(root, 'packages/web/dist/index.html');
// Under node_modules, so `npm ci` (a fresh install) always builds again.
const stampFile = path.join(root, 'node_modules/.cache/portal/web-build.json');
const inputs = [
  'packages/web',
  'packages/contract',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/compress-web.mjs',
];
const skipped = new Set(['node_modules', 'dist']);

/** Relative paths of every file under the inputs, sorted, leaving out installs and build output. */
function inputFiles() {
  const files = [];
  const walk = (relative) => {
    const stat = fs.statSync(path.join(root, relative), { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isFile()) files.push(relative);
    if (!stat.isDirectory()) return;
    for (const entry of fs.readdirSync(path.join(root, relative))) {
      if (!skipped.has(entry)) walk(path.join(relative, entry));
    }
  };
  inputs.forEach(walk);
  return files.sort();
}

/** Settings the build reads from the environment: a change rebuilds as a changed file does. */
const BUILD_SETTINGS = ['MOCK_BACKEND'];

function digestOfInputs() {
  const hash = createHash('sha256');
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  for (const file of inputFiles()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
}

const digest = digestOfInputs();
const stamp = readStamp();
const built = fs.statSync(index, { throwIfNoEntry: false });
if (stamp?.inputs === digest && built && stamp.indexModified === built.mtimeMs) {
  console.log('web app up to date: packages/web/dist (inputs unchanged since its build)');
  process.exit(0);
}

fs.rmSync(stampFile, { force: true });
const npm = process.env.npm_execpath
  ? [process.execPath, [process.env.npm_execpath]]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
const result = spawnSync(npm[0], [...npm[1], 'run', 'build', '--workspace', '@portal/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
fs.mkdirSync(path.dirname(stampFile), { recursive: true });
fs.writeFileSync(stampFile, JSON.stringify({ inputs: digest, indexModified: fs.statSync(index).mtimeMs }));
