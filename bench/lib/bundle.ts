import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../scripts/server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = new Map<string, Promise<string>>();

/**
 * A bench process's source file (a portal, a reference server) bundled as `npm start` bundles the
 * portal, into `<work>/bundle/`, to run with plain node: the portal and its references are
 * measured as production runs them, with no TypeScript loader in either. The folder gets a
 * package.json and links to node_modules and the migrations, so the bundle finds them as
 * packages/server/dist/main.js does. Each file is built once per work folder.
 */
export function bundled(work: string, file: string): Promise<string> {
  const folder = path.join(work, 'bundle');
  const outfile = path.join(folder, `${path.basename(file, '.ts')}.js`);
  let bundle = built.get(outfile);
  if (!bundle) {
    if (!fs.existsSync(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'package.json'), '{ "type": "module" }\n');
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
      fs.symlinkSync(path.join(root, 'packages/server/drizzle'), path.join(folder, 'drizzle'));
      // The embedded database's thread (db/pglite-thread.mjs) loads from the package's src/.
      fs.symlinkSync(path.join(root, 'packages/server/src'), path.join(folder, 'src'));
    }
    bundle = bundleServer({ entry: path.join(root, file), outfile }).then(() => outfile);
    built.set(outfile, bundle);
  }
  return bundle;
}
