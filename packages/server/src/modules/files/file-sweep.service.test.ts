import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import CFB from 'cfb';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbContext } from '../../db/context.ts';
import { familyUploads, users } from '../../db/schema/index.ts';
import { fileRows, storedFiles } from '../../../test/stored-files.ts';
import { createTestApp, type TTestApp, unique } from '../../../test/test-app.ts';
import { multipartFile } from '../../../test/factories.ts';
import { PeriodicJob } from '../../lib/periodic-job.ts';
import { FilesRepository, SWEEP_LOCK } from './files.repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');

/** A family file no other test stores: a fixture with a random stream added. */
function variant(year: number): Buffer {
  const container = CFB.read(fs.readFileSync(path.join(FIXTURES, `family-${year}.rfa`)), { type: 'buffer' });
  CFB.utils.cfb_add(container, `Salt${randomBytes(4).toString('hex')}`, randomBytes(64));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** A PNG of a random colour and size, so each is a blob of its own. */
function picture(): Promise<Buffer> {
  const [r, g, b, w] = randomBytes(4);
  return sharp({
    create: { width: 40 + (w! >> 2), height: 30, channels: 3, background: { r: r!, g: g!, b: b! } },
  })
    .png()
    .toBuffer();
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

let t: TTestApp;
let admin: string;
/** How far the portal's clock is ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(Date.now() + ahead),
    fileSweep: { graceHours: 24, intervalMinutes: 0, versionRetentionDays: 30 },
  });
  admin = await t.adminToken();
});
afterAll(() => t.close());

/** Whether a blob is still there: its row and its file. */
async function kept(hash: string): Promise<boolean> {
  const row = (await fileRows(t, hash)) === 1;
  const file = fs.existsSync(t.services.files.localPath(hash));
  expect(row, `${hash}: row ${row}, file ${file}`).toBe(file);
  return row;
}

async function upload(content: Buffer): Promise<string> {
  const { payload, headers } = multipartFile(content, 'f.rfa');
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/family/upload',
    headers: { ...headers, authorization: `Bearer ${admin}` },
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ upload: { sha256: string } }>().upload.sha256;
}

async function saved(url: string, family: Record<string, unknown>): Promise<{ revitFamilyId: number }> {
  const answer = await t.call('POST', url, { token: admin, body: { revitFamilyInfos: [family] } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.revitFamilyInfos as Array<{ revitFamilyId: number }>)[0]!;
}

describe('the file sweep', () => {
  it('finds every column that refers to a stored file in the catalog', async () => {
    const columns = await new FilesRepository(new DbContext(t.database.db)).referencingColumns();
    expect(columns.map(({ table, column }) => `${table}.${column}`)).toEqual(
      expect.arrayContaining([
        'categories.picture_hash',
        'companies.logo_hash',
        'family_uploads.file_hash',
        'family_uploads.preview_hash',
        'family_versions.file_hash',
        'family_versions.preview_hash',
        'file_thumbnails.source_hash',
        'file_thumbnails.thumbnail_hash',
        'revit_families.file_hash',
        'revit_families.picture_hash',
        'users.photo_hash',
      ]),
    );
  });

  it('removes what nothing refers to after the grace period, and keeps what is referred to or stored again', async () => {
    // An upload never saved.
    const neverSavedFile = variant(2014);
    const neverSaved = await upload(neverSavedFile);

    // A family whose own picture is replaced by another.
    const [first, second] = [await picture(), await picture()];
    const pictured = await saved('/api/family/save', {
      revitFamilyName: unique('pictured'),
      revitFamilyFileBase64: variant(2015).toString('base64'),
      revitFamilyPictureBase64: first.toString('base64'),
      revitFamilyPictureFileName: 'first.png',
    });
    await saved('/api/family/update', {
      revitFamilyId: pictured.revitFamilyId,
      revitFamilyName: unique('pictured'),
      revitFamilyPictureBase64: second.toString('base64'),
      revitFamilyPictureFileName: 'second.png',
    });
    const [firstThumbnail, secondThumbnail] = [
      (await t.services.files.thumbnail(sha256(first)))!,
      (await t.services.files.thumbnail(sha256(second)))!,
    ];

    // A family deleted.
    const deletedFile = variant(2016);
    const deleted = await saved('/api/family/save', {
      revitFamilyName: unique('deleted'),
      revitFamilyFileBase64: deletedFile.toString('base64'),
    });
    const gone = await t.call('POST', '/api/family/delete', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: deleted.revitFamilyId }] },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);

    // A family with an old version and a current one.
    const [oldFile, currentFile] = [variant(2017), variant(2018)];
    const versioned = await saved('/api/family/save', {
      revitFamilyName: unique('versioned'),
      revitFamilyFileBase64: oldFile.toString('base64'),
    });
    await saved('/api/family/update', {
      revitFamilyId: versioned.revitFamilyId,
      revitFamilyName: unique('versioned'),
      revitFamilyFileBase64: currentFile.toString('base64'),
    });

    // A user's photo and a company's logo.
    const photographed = await t.user(unique('photo'), 'partnerrole', null, 'User-Passw0rd!', {
      photoFileName: 'me.png',
      photoBase64: (await picture()).toString('base64'),
    });
    const [photo] = await t.database.db
      .select({ hash: users.photoHash })
      .from(users)
      .where(eq(users.id, photographed));
    const logo = await t.services.files.storePicture('logo', await picture());
    await t.company(unique('logo'), null, { logoHash: logo, logoFileName: 'logo.png' });

    // An upload stored again after the grace period: fresh again, though its uploads expire.
    const storedAgain = variant(2019);
    await upload(storedAgain);

    // What a crash leaves: a temporary file of an upload under way.
    const root = path.dirname(path.dirname(t.services.files.localPath('0'.repeat(64))));
    const leftover = path.join(root, 'upload-0123456789abcdef.tmp');
    fs.writeFileSync(leftover, 'half a file');

    ahead = 31 * DAY;
    await upload(storedAgain);
    const result = await t.services.fileSweep.run();
    // Both days' uploads of it and the one never saved; the version past 30 days.
    expect(result).toMatchObject({ uploads: 3, versions: 1, temporaries: 1 });
    expect(fs.existsSync(leftover)).toBe(false);
    expect(result.files).toBeGreaterThanOrEqual(6);
    const removedFiles = [neverSavedFile, first, deletedFile, oldFile];
    expect(result.bytes).toBeGreaterThan(removedFiles.reduce((sum, file) => sum + file.length, 0));

    for (const hash of [neverSaved, sha256(first), firstThumbnail, sha256(deletedFile), sha256(oldFile)])
      expect(await kept(hash), hash).toBe(false);
    for (const hash of [
      sha256(second),
      secondThumbnail,
      sha256(currentFile),
      photo!.hash!,
      logo,
      sha256(storedAgain),
    ])
      expect(await kept(hash), hash).toBe(true);
    expect(await t.database.db.select().from(familyUploads)).toEqual([]);
    expect(storedFiles(t).filter((entry) => !/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(entry))).toEqual([]);

    const family = await t.call('GET', `/api/family/get/${versioned.revitFamilyId}`, { token: admin });
    const [info] = family.body.revitFamilyInfos as Array<{
      revitFamilyFileHash: string;
      revitFamilyVersions: Array<{ sha256: string; current: boolean }>;
    }>;
    expect(info!.revitFamilyFileHash).toBe(sha256(currentFile));
    expect(info!.revitFamilyVersions).toMatchObject([{ sha256: sha256(currentFile), current: true }]);
  });

  it('puts every file back when the database refuses to let a row go (a reference it did not know of)', async () => {
    // A file a row names, whatever ran before: the sweep, told of no references, must try it.
    const photo = await t.services.files.storePicture('photo', await picture());
    const login = unique('sweep_photo');
    await t.user(login, 'userrole', null, 'User-Passw0rd!');
    await t.database.db.update(users).set({ photoHash: photo }).where(eq(users.login, login));
    const before = storedFiles(t).sort();
    const rows = await t.database.db.$count(users);
    ahead += 2 * DAY;
    const spy = vi.spyOn(FilesRepository.prototype, 'referencingColumns').mockResolvedValueOnce([]);
    try {
      await expect(t.services.files.sweep(DAY)).rejects.toThrow();
    } finally {
      spy.mockRestore();
    }
    expect(storedFiles(t).sort()).toEqual(before);
    expect(await t.database.db.$count(users)).toBe(rows);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'never removes a blob another transaction is referring to at that moment',
    async () => {
      const hash = await t.services.files.storePicture('photo', await picture());
      ahead += 2 * DAY;
      await t.database.db.transaction(async (tx) => {
        await tx.update(users).set({ photoHash: hash }).where(eq(users.login, 'admin'));
        // The sweep runs on another connection while this reference is not yet committed.
        await t.services.files.sweep(DAY);
      });
      expect(await kept(hash)).toBe(true);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves the sweep to the instance that holds its lock',
    async () => {
      const hash = await t.services.files.storePicture('unused', await picture());
      ahead += 2 * DAY;
      await t.database.db.transaction(async (tx) => {
        // What another instance's sweep holds while it removes a batch.
        await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK}::bigint)`);
        expect(await t.services.files.sweep(DAY)).toEqual({ files: 0, bytes: 0, temporaries: 0 });
      });
      expect(await kept(hash)).toBe(true);
      expect((await t.services.files.sweep(DAY)).files).toBeGreaterThanOrEqual(2);
      expect(await kept(hash)).toBe(false);
    },
  );

  it('sweeps once at start, then on its interval, and stops when the portal closes', async () => {
    // The portal's timed jobs: this sweep and the activity log's.
    const run = vi.spyOn(PeriodicJob.prototype, 'run');
    const portal = await createTestApp({
      fileSweep: { graceHours: 24, intervalMinutes: 60, versionRetentionDays: 0 },
      activitySweepMinutes: 60,
    });
    try {
      expect(run).toHaveBeenCalledTimes(2);
      await portal.close();
      const results = await Promise.all(run.mock.results.map((result) => result.value as unknown));
      expect(results).toContainEqual({ uploads: 0, versions: 0, files: 0, bytes: 0, temporaries: 0 });
    } finally {
      run.mockRestore();
    }
  });
});
