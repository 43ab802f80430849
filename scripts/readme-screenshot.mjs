/* global fetch, setTimeout */
// Takes docs/screenshot.png: the family library with a few real families, as a new portal shows it.
// Usage: npm run build && node scripts/readme-screenshot.mjs  (needs Debian's Chromium)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 8096;
const base = `http://127.0.0.1:${port}`;
const password = 'Admin-Passw0rd!';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shot-'));
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_ADMIN_PASSWORD: password,
    BOT_CHECK: 'off',
  },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 120; i += 1) {
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const call = async (url, body, token) => {
    const response = await fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  const login = await call('/user/login', {
    username: 'admin',
    password: createHash('sha512').update(password).digest('hex'),
  });
  const token = login.authToken;
  const categories = await call(
    '/category/save',
    { categoryInfos: [{ categoryName: 'Furniture' }, { categoryName: 'Structural Trusses' }] },
    token,
  );
  const byName = new Map(categories.categoryInfos.map((c) => [c.categoryName, c.categoryId]));
  const fixtures = path.join(root, 'packages/server/test/fixtures/rfa');
  const names = [
    'Oak side table',
    'Laminate desk',
    'Roof truss 12 m',
    'Warren truss',
    'Pratt truss',
    'Birch cabinet',
    'Howe truss',
    'Meeting table',
  ];
  for (const [index, year] of [2024, 2017, 2019, 2021, 2022, 2015, 2023, 2014].entries()) {
    const content = fs.readFileSync(path.join(fixtures, `family-${year}.rfa`)).toString('base64');
    const furniture = [2024, 2017, 2015, 2014].includes(year);
    await call(
      '/family/save',
      {
        revitFamilyInfos: [
          {
            revitFamilyName: names[index],
            revitFamilyFileName: `${names[index].toLowerCase().replace(/\s+/g, '-')}.rfa`,
            revitFamilyFileBase64: content,
            revitFamilyCategoryId: byName.get(furniture ? 'Furniture' : 'Structural Trusses'),
            revitFamilyRating: 3 + (index % 3),
            revitFamilyTags: furniture ? ['interior', 'wood'] : ['structure', 'steel'],
          },
        ],
      },
      token,
    );
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await page.goto(`${base}/#/auth/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/#\/$/);
  await page.goto(`${base}/#/families`);
  await page.getByText('Meeting table').first().waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(root, 'docs/screenshot.png') });
  await browser.close();
  console.log('docs/screenshot.png written');
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
