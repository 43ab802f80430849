/**
 * A full disk: the portal's stored files on an 8 MiB tmpfs (mounted in a mount namespace of the
 * portal's own, so nothing outlives the test). Uploads that do not fit answer 507 with a clear
 * message and leave no byte behind; reads and downloads go on.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, call, proved, signIn } from './support/client.ts';
import { removeAll, root, startPortal, tempFolder, type TPortal } from './support/processes.ts';

const FAMILY = path.join(root, 'packages/server/test/fixtures/rfa/family-2024.rfa');
const isRoot = process.getuid?.() === 0;

/** Every file under `folder` with its size, as the portal's process sees it. */
function filesUnder(folder: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      found.set(path.relative(folder, file), fs.statSync(file).size);
    }
  return found;
}

afterAll(() => removeAll());

describe('a full disk', () => {
  let portal: TPortal;
  afterAll(async () => {
    await portal?.kill('SIGTERM');
  });

  it('answers 507 to uploads that do not fit, leaves nothing behind, and goes on serving reads', async () => {
    const dataDir = tempFolder('disk-full');
    fs.mkdirSync(path.join(dataDir, 'files'));
    // unshare: a mount namespace of its own (and a user namespace when not root), the tmpfs mounted on files/.
    const mount = `mount -t tmpfs -o size=8m tmpfs "$0/files" && exec "$@"`;
    portal = await startPortal(
      { DATA_DIR: dataDir },
      {
        wrap: [
          'unshare',
          ...(isRoot ? ['-m'] : ['-r', '-m']),
          '--propagation',
          'private',
          'sh',
          '-c',
          mount,
          dataDir,
        ],
      },
    );
    // The portal's own view of its files folder: the tmpfs, through /proc.
    const files = `/proc/${portal.pid}/root${dataDir}/files`;
    const token = await signIn(portal.url);
    const family = fs.readFileSync(FAMILY);
    const saved = await call(
      portal.url,
      '/family/save',
      {
        revitFamilyInfos: [
          {
            revitFamilyName: 'Fits',
            revitFamilyFileName: 'family-2024.rfa',
            revitFamilyFileBase64: family.toString('base64'),
          },
        ],
      },
      bearer(token),
    );
    expect(saved.status).toBe(200);
    const familyId = (saved.json.revitFamilyInfos as { revitFamilyId: number }[])[0]!.revitFamilyId;
    const before = filesUnder(files);
    expect([...before.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    // Streamed (multipart): 12 MiB into 8.
    const form = new FormData();
    form.append('file', new Blob([randomBytes(12 * 1024 * 1024)]), 'huge.rfa');
    const streamed = await fetch(`${portal.url}/api/family/upload`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    const streamedBody = (await streamed.json()) as { errorDetails: { key: string }[]; '[Detail]'?: unknown };
    expect(streamed.status, JSON.stringify(streamedBody)).toBe(507);
    expect(streamedBody.errorDetails).toEqual([{ key: 'storageFull' }]);

    // Sent whole (base64 in the save): 9 MiB into what is left.
    const whole = await call(
      portal.url,
      '/family/save',
      {
        revitFamilyInfos: [
          {
            revitFamilyName: 'Does not fit',
            revitFamilyFileName: 'family-2024.rfa',
            revitFamilyFileBase64: Buffer.concat([family, randomBytes(9 * 1024 * 1024)]).toString('base64'),
          },
        ],
      },
      bearer(token),
    );
    expect(whole.status, JSON.stringify(whole.json)).toBe(507);

    // Nothing left behind: the files folder holds exactly what it held.
    expect(filesUnder(files)).toEqual(before);
    // Reads go on: a find, and the stored family's download byte for byte.
    const found = await call(portal.url, '/family/find', { search: 'Fits' }, bearer(token));
    expect(found.status).toBe(200);
    expect(found.json.revitFamilyInfos).toHaveLength(1);
    const download = await fetch(`${portal.url}/api/family/download/content/${familyId}`, {
      headers: bearer(token),
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(family)).toBe(true);
    proved(
      `a full disk (files on an 8 MiB tmpfs): a 12 MiB streamed upload and a 9 MiB base64 save answer 507 ` +
        `(storageFull), the files folder holds exactly its ${before.size} files as before, finds and downloads go on`,
    );
  });
});
