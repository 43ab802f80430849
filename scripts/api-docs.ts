// Rewrites the route table of docs/api.md from the routes the server registers, so the table
// never drifts from the code (a server test fails when it does). Run: npm run docs:api
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeTableMarkdown, withRouteTable } from '../packages/server/src/lib/route-table.ts';
import { createTestApp } from '../packages/server/test/test-app.ts';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/api.md');
const t = await createTestApp();
try {
  fs.writeFileSync(file, withRouteTable(fs.readFileSync(file, 'utf8'), routeTableMarkdown(t.app.routeTable)));
  console.log(`docs/api.md: ${t.app.routeTable.length} routes`);
} finally {
  await t.close();
}
