import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TS3rver } from '../../test/s3rver.ts';
import { AppError } from './app-error.ts';
import { S3Store, type TS3StoreOptions } from './s3-store.ts';

let server: TS3rver;
let client: S3Client;
const cacheDirs: string[] = [];

beforeAll(async () => {
  server = await startS3rver();
  const { region, endpoint, accessKeyId, secretAccessKey } = server.config;
  client = new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! },
  });
});
afterAll(async () => {
  client.destroy();
  await server.stop();
  await Promise.all(cacheDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const keyOf = (hash: string) => `${hash.slice(0, 2)}/${hash}`;

/** A store on a bucket of its own and a cache folder of its own, so each test counts only its objects. */
async function freshStore(options: Partial<TS3StoreOptions> = {}) {
  const bucket = `t-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const folder = await cacheDir();
  const store = new S3Store({ ...server.config, bucket, cacheDir: folder, ...options });
  return { store, bucket, cacheDir: folder };
}

/** A cache folder removed after the file's tests. */
async function cacheDir(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-s3-test-'));
  cacheDirs.push(folder);
  return folder;
}

/** Every key in the bucket. */
async function keysIn(bucket: string): Promise<string[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function temporariesIn(cacheDir: string): Promise<string[]> {
  return (await fs.readdir(cacheDir).catch(() => [] as string[])).filter((name) => name.endsWith('.tmp'));
}

/** `content` as a stream of 64 KiB chunks, the way a request body arrives. */
function streamOf(content: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < content.length; at += 65_536) chunks.push(content.subarray(at, at + 65_536));
  return Readable.from(chunks);
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

describe('S3Store against s3rver', () => {
  it('stores the same bytes once under their hash, recording each before it takes its place', async () => {
    const { store, bucket } = await freshStore();
    const content = randomBytes(3000);
    const hash = sha256(content);
    const recorded: string[] = [];
    const record = async (file: { hash: string }) => {
      recorded.push(file.hash);
      expect(await keysIn(bucket)).toEqual([]);
    };
    expect(await store.put(content, 'application/octet-stream', record)).toEqual({
      hash,
      size: 3000,
      mimeType: 'application/octet-stream',
    });
    expect(await keysIn(bucket)).toEqual([keyOf(hash)]);
    // Overwritten behind the store's back: a second store of the same bytes must not upload again.
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(hash), Body: 'marker' }));
    await store.put(content, 'application/octet-stream', async (file) => void recorded.push(file.hash));
    await store.putStream(streamOf(content), 'application/octet-stream', {
      maxBytes: 10_000,
      name: 'file',
      beforeKeep: async (file) => void recorded.push(file.hash),
    });
    expect(await keysIn(bucket)).toEqual([keyOf(hash)]);
    expect((await store.read(hash)).toString()).toBe('marker');
    expect(recorded).toEqual([hash, hash, hash]);
  });

  it('streams a large upload up in parts and reads it back whole and by range', async () => {
    const { store, cacheDir } = await freshStore();
    const content = randomBytes(9 * 1024 * 1024 + 123);
    const stored = await store.putStream(streamOf(content), 'application/octet-stream', {
      maxBytes: 10 * 1024 * 1024,
      name: 'file',
    });
    expect(stored).toMatchObject({ hash: sha256(content), size: content.length });
    expect(await store.sizeOf(stored.hash)).toBe(content.length);
    expect((await buffer(store.openRead(stored.hash))).equals(content)).toBe(true);
    const range = { start: 8 * 1024 * 1024 - 10, end: 8 * 1024 * 1024 + 9 };
    expect(
      (await buffer(store.openRead(stored.hash, range))).equals(content.subarray(range.start, range.end + 1)),
    ).toBe(true);
    // Not 0-0: s3rver reads an end of 0 as no end (real S3 does not), which openRead refuses.
    expect(
      (await buffer(store.openRead(stored.hash, { start: 0, end: 9 }))).equals(content.subarray(0, 10)),
    ).toBe(true);
    const widened = await buffer(store.openRead(stored.hash, { start: 0, end: 0 })).catch(
      (error: Error) => error,
    );
    expect(widened).toMatchObject({ status: 503 });
    expect(String((widened as Error).cause)).toContain('answered bytes 0-');
    expect(await temporariesIn(cacheDir)).toEqual([]);
  });

  it('answers 413 for a streamed upload past its limit, leaving no object and no temporary', async () => {
    const { store, bucket, cacheDir } = await freshStore();
    let recorded = false;
    const upload = store.putStream(streamOf(randomBytes(200_000)), 'application/octet-stream', {
      maxBytes: 100_000,
      name: 'revitFamilyFile',
      beforeKeep: async () => {
        recorded = true;
      },
    });
    await expect(upload).rejects.toMatchObject({
      status: 413,
      messages: [
        { key: 'tooLargeFile', values: { name: 'revitFamilyFile', max: 98 }, field: 'revitFamilyFile' },
      ],
    });
    expect(recorded).toBe(false);
    expect(await keysIn(bucket)).toEqual([]);
    expect(await temporariesIn(cacheDir)).toEqual([]);
  });

  it('stores nothing when the check of the uploaded file throws, which it reads from a local file', async () => {
    const { store, bucket, cacheDir } = await freshStore();
    const content = randomBytes(5000);
    let checked: Buffer | undefined;
    const upload = store.putStream(streamOf(content), 'application/octet-stream', {
      maxBytes: 10_000,
      name: 'file',
      check: async (file) => {
        checked = await fs.readFile(file);
        throw new Error('not a family');
      },
    });
    await expect(upload).rejects.toThrow('not a family');
    expect(checked?.equals(content)).toBe(true);
    expect(await keysIn(bucket)).toEqual([]);
    expect(await temporariesIn(cacheDir)).toEqual([]);
  });

  it('answers null as the size of a missing hash, a stream that fails for its content, and refuses a malformed hash', async () => {
    const { store } = await freshStore();
    const missing = sha256(randomBytes(10));
    expect(await store.sizeOf(missing)).toBeNull();
    await expect(buffer(store.openRead(missing))).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(store.read(missing)).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(store.ensureLocal(missing)).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect(() => store.openRead('../etc/passwd')).toThrow('not a sha-256 hash');
    await expect(store.sizeOf('A'.repeat(64))).rejects.toThrow('not a sha-256 hash');
  });

  it('sets a file aside and restores it, or discards it, as the sweep does', async () => {
    const { store, bucket } = await freshStore();
    const content = randomBytes(2048);
    const { hash } = await store.put(content, 'application/octet-stream');
    const aside = await store.setAside(hash);
    expect(aside).toMatchObject({ hash, size: 2048 });
    expect(await keysIn(bucket)).toEqual([`set-aside/${hash}`]);
    expect(await store.sizeOf(hash)).toBeNull();
    await aside!.restore();
    expect(await keysIn(bucket)).toEqual([keyOf(hash)]);
    expect((await store.read(hash)).equals(content)).toBe(true);

    const again = await store.setAside(hash);
    await again!.discard();
    expect(await keysIn(bucket)).toEqual([]);
    expect(await store.setAside(hash)).toBeNull();
  });

  it('removes old temporaries, settles old set-aside copies and leaves recent ones', async () => {
    const { store, bucket, cacheDir } = await freshStore();
    const stale = path.join(cacheDir, 'upload-0123456789abcdef.tmp');
    await fs.writeFile(stale, 'half an upload');
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600 * 1000);
    await fs.utimes(stale, lastWeek, lastWeek);
    // Two crash leftovers: one whose key is empty (its transaction may have failed: put back), one
    // whose bytes were stored again since (a duplicate: deleted).
    const lost = await store.put(randomBytes(100), 'application/octet-stream');
    await store.setAside(lost.hash);
    const duplicate = randomBytes(100);
    const stored = await store.put(duplicate, 'application/octet-stream');
    await store.setAside(stored.hash);
    await store.put(duplicate, 'application/octet-stream');

    expect(await store.removeTemporaries(new Date(Date.now() - 3600 * 1000))).toBe(1);
    expect(await exists(stale)).toBe(false);
    expect(await keysIn(bucket)).toHaveLength(3);

    // s3rver keeps times to the second.
    expect(await store.removeTemporaries(new Date(Date.now() + 2000))).toBe(2);
    expect(await keysIn(bucket)).toEqual([keyOf(lost.hash), keyOf(stored.hash)].sort());
  });

  it('keeps local copies under their bound, the least recently used evicted first', async () => {
    const { store } = await freshStore({ cacheBytes: 3000 });
    const contents = [randomBytes(1000), randomBytes(1000), randomBytes(1000), randomBytes(1000)];
    const hashes: string[] = [];
    for (const content of contents) hashes.push((await store.put(content, 'application/octet-stream')).hash);
    const [first, second, third, fourth] = hashes as [string, string, string, string];
    for (const hash of [first, second, third])
      expect(await store.ensureLocal(hash)).toBe(store.localPath(hash));
    await store.ensureLocal(first);
    await store.ensureLocal(fourth);
    expect(await store.cacheBytes()).toBe(3000);
    expect(await exists(store.localPath(second))).toBe(false);
    for (const hash of [first, third, fourth]) expect(await exists(store.localPath(hash))).toBe(true);
    expect((await fs.readFile(await store.ensureLocal(second))).equals(contents[1]!)).toBe(true);
    expect(await store.cacheBytes()).toBe(3000);

    // An upload streamed through the cache stays as its copy, within the same bound.
    const streamed = await store.putStream(streamOf(randomBytes(1500)), 'application/octet-stream', {
      maxBytes: 2000,
      name: 'file',
    });
    expect(await exists(store.localPath(streamed.hash))).toBe(true);
    expect(await store.cacheBytes()).toBeLessThanOrEqual(3000);
  });

  it('shares one download between readers asking at once', async () => {
    const { store } = await freshStore();
    const { hash } = await store.put(randomBytes(4000), 'application/octet-stream');
    const paths = await Promise.all([
      store.ensureLocal(hash),
      store.ensureLocal(hash),
      store.ensureLocal(hash),
    ]);
    expect(new Set(paths)).toEqual(new Set([store.localPath(hash)]));
    expect(await store.cacheBytes()).toBe(4000);
  });

  it('probes the bucket: ready when it answers, failing for a missing bucket', async () => {
    const { store } = await freshStore();
    await expect(store.probe()).resolves.toBeUndefined();
    const missing = new S3Store({
      ...server.config,
      bucket: `t-missing-${randomBytes(4).toString('hex')}`,
      cacheDir: await cacheDir(),
    });
    await expect(missing.probe()).rejects.toThrow();
  });

  it('fails its probe, and answers 503 naming storage, once the server is gone', async () => {
    const own = await startS3rver('gone');
    const store = new S3Store({ ...own.config, cacheDir: await cacheDir() });
    const { hash } = await store.put(randomBytes(100), 'application/octet-stream');
    await store.probe();
    await own.stop();
    await expect(store.probe()).rejects.toThrow();
    const down = { status: 503, messages: [{ key: 'notReady', values: { parts: 'storage' } }] };
    await expect(store.sizeOf(hash)).rejects.toMatchObject(down);
    await expect(store.put(randomBytes(10), 'application/octet-stream')).rejects.toBeInstanceOf(AppError);
    await expect(buffer(store.openRead(hash))).rejects.toMatchObject(down);
  });
});
