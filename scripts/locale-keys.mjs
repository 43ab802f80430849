// Merges translations into the six locale files in one quick read-and-write per file, so several
// people (or helpers) adding keys at once do not overwrite each other's edits.
// Usage: node scripts/locale-keys.mjs patch.json
// patch.json: { "en": { "users.title": "Users", ... }, "de": { ... }, ... } with dotted keys.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/src/locales');
const patch = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

function set(tree, dotted, value) {
  const parts = dotted.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part];
  }
  node[parts.at(-1)] = value;
}

for (const [language, entries] of Object.entries(patch)) {
  const file = path.join(root, language, 'translation.json');
  const tree = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [key, value] of Object.entries(entries)) set(tree, key, value);
  fs.writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
  console.log(`${language}: ${Object.keys(entries).length} keys`);
}
