import { randomBytes } from 'node:crypto';
import { constants as fsConstants, createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { TS3Config } from '../config.ts';
import { AppError } from './app-error.ts';
import { sha256Hex } from './crypto.ts';
import {
  receiveUpload,
  type TBlobStore,
  type TPutStreamOptions,
  type TSetAside,
  type TStoredFile,
} from './file-store.ts';
import { lazy } from './lazy.ts';

/** Downloaded copies kept by default: enough for the .rfa files at hand, small beside a data disk. */
export const DEFAULT_CACHE_BYTES = 1024 ** 3;
/** How long a readiness probe waits for the bucket (the health check gives up at two seconds). */
const PROBE_TIMEOUT_MS = 2000;
/** Where the sweep keeps a blob between its row's removal and the commit (S3 has no rename). */
const ASIDE_PREFIX = 'set-aside/';
/**
 * Multipart parts of a large upload: lib-storage holds up to four parts in memory at once, so an
 * upload costs at most 32 MiB however large the file (a file under one part goes up in one PUT).
 */
const PART_BYTES = 8 * 1024 * 1024;

/** The AWS SDK, loaded with the first call: a portal storing on disk never pays for it. */
const loadSdk = lazy(async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
});
type TSdk = Awaited<ReturnType<typeof loadSdk>>;

export type TS3StoreOptions = TS3Config & {
  /** Uploads on their way and downloaded copies; undefined: a fresh temporary folder (tests). */
  cacheDir?: string;
  /** The downloaded copies' bound in bytes (DEFAULT_CACHE_BYTES). */
  cacheBytes?: number;
};

/** Whether an S3 error says the object (or bucket) is not there. */
function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return status === 404 || (error instanceof Error && ['NotFound', 'NoSuchKey'].includes(error.name));
}

/**
 * A failure of the object store as a 503 naming storage (the readiness answer's words), the S3
 * error kept as its cause: an unreachable or refusing bucket is not the request's fault, nor a bug.
 */
function storageDown(error: unknown): AppError {
  const down = new AppError(503, [{ key: 'notReady', values: { parts: 'storage' } }]);
  down.cause = error;
  return down;
}

/** The body of a GetObject answer as a Node stream (what the SDK answers under Node). */
function bodyOf(body: unknown): Readable {
  if (!(body instanceof Readable)) throw new Error('the object store answered no body stream');
  return body;
}

/** `<root>/ab/abcdef…`: the disk layout, used both for object keys and local copies. */
function layoutOf(hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('not a sha-256 hash');
  return `${hash.slice(0, 2)}/${hash}`;
}

/**
 * Local copies of stored objects (the compound-file reader needs a file to seek in), bounded by
 * their total size: past the bound the least recently used copies are deleted, never the one just
 * added, so a single copy larger than the bound stays until the next one comes. Use order is kept
 * in memory; copies found at start (an earlier run's) count from oldest to newest by their
 * modification time.
 */
class LocalCopies {
  readonly #root: string;
  readonly #maxBytes: number;
  /** Hash to size, least recently used first (a Map keeps insertion order; a use re-inserts). */
  readonly #sizes = new Map<string, number>();
  #total = 0;
  readonly #scanned: () => Promise<void>;

  constructor(root: string, maxBytes: number) {
    this.#root = root;
    this.#maxBytes = maxBytes;
    this.#scanned = lazy(() => this.#scan());
  }

  pathOf(hash: string): string {
    return path.join(this.#root, ...layoutOf(hash).split('/'));
  }

  /** The bytes the copies take now. */
  async totalBytes(): Promise<number> {
    await this.#scanned();
    return this.#total;
  }

  /** Whether a copy is there (marking it used); one deleted behind our back is forgotten. */
  async has(hash: string): Promise<boolean> {
    await this.#scanned();
    const size = this.#sizes.get(hash);
    if (size === undefined) return false;
    try {
      await fs.access(this.pathOf(hash));
    } catch {
      await this.forget(hash);
      return false;
    }
    this.#sizes.delete(hash);
    this.#sizes.set(hash, size);
    return true;
  }

  /** Moves a complete local file in as the copy of `hash`, then evicts down to the bound. */
  async adopt(hash: string, file: string, size: number): Promise<string> {
    await this.#scanned();
    const target = this.pathOf(hash);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(file, target);
    this.#total += size - (this.#sizes.get(hash) ?? 0);
    this.#sizes.delete(hash);
    this.#sizes.set(hash, size);
    await this.#evict(hash);
    return target;
  }

  /** Deletes the copy of `hash`, if any. */
  async forget(hash: string): Promise<void> {
    const size = this.#sizes.get(hash);
    if (size !== undefined) {
      this.#sizes.delete(hash);
      this.#total -= size;
    }
    await fs.rm(this.pathOf(hash), { force: true });
  }

  /** Deletes the least recently used copies, sparing `keep`, until the rest fit the bound. */
  async #evict(keep: string): Promise<void> {
    for (const hash of [...this.#sizes.keys()]) {
      if (this.#total <= this.#maxBytes) return;
      if (hash !== keep) await this.forget(hash);
    }
  }

  /** Counts the copies an earlier run left, oldest first, and trims them to the bound. */
  async #scan(): Promise<void> {
    const found: { hash: string; size: number; mtime: number }[] = [];
    for (const folder of await fs.readdir(this.#root).catch(() => [] as string[])) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      for (const hash of await fs.readdir(path.join(this.#root, folder)).catch(() => [] as string[])) {
        if (!/^[0-9a-f]{64}$/.test(hash)) continue;
        const stat = await fs.stat(path.join(this.#root, folder, hash)).catch(() => null);
        if (stat?.isFile()) found.push({ hash, size: stat.size, mtime: stat.mtimeMs });
      }
    }
    for (const { hash, size } of found.sort((a, b) => a.mtime - b.mtime)) {
      this.#sizes.set(hash, size);
      this.#total += size;
    }
    const newest = found.at(-1)?.hash;
    if (newest) await this.#evict(newest);
  }
}

/**
 * Content-addressed blobs in an S3-compatible bucket, keyed `ab/abcdef…` (SHA-256) like the disk
 * layout. An upload streams to a local temporary file (hashed and counted on the way, never held
 * whole), is checked there, and goes up only when no object has its hash; downloads stream from
 * GetObject with the asked range. Local copies for readers that seek (`ensureLocal`) live in a
 * bounded cache beside the temporaries.
 */
export class S3Store implements TBlobStore {
  readonly #config: TS3Config;
  readonly #cacheDir: string;
  readonly #copies: LocalCopies;
  /** Downloads under way, so readers of one hash at once share one. */
  readonly #fetching = new Map<string, Promise<string>>();
  readonly #client: () => Promise<{ sdk: TSdk; client: S3Client }>;

  constructor({ cacheDir, cacheBytes = DEFAULT_CACHE_BYTES, ...config }: TS3StoreOptions) {
    this.#config = config;
    this.#cacheDir = cacheDir ?? path.join(os.tmpdir(), `portal-s3-cache-${randomBytes(6).toString('hex')}`);
    this.#copies = new LocalCopies(this.#cacheDir, cacheBytes);
    this.#client = lazy(async () => {
      const sdk = await loadSdk();
      return { sdk, client: new sdk.S3Client(this.#clientConfig()) };
    });
  }

  /** Path-style addressing for a given endpoint (MinIO, Ceph, s3rver); keys when both are set, else the SDK's chain. */
  #clientConfig() {
    const { region, endpoint, accessKeyId, secretAccessKey } = this.#config;
    return {
      region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    };
  }

  /** Runs one conversation with the bucket; a missing object's error passes, any other failure is a 503. */
  async #call<T>(work: (client: S3Client, sdk: TSdk) => Promise<T>): Promise<T> {
    const { client, sdk } = await this.#client();
    try {
      return await work(client, sdk);
    } catch (error) {
      if (error instanceof AppError || isMissing(error)) throw error;
      throw storageDown(error);
    }
  }

  /** A fresh temporary file's name in the cache folder (removeTemporaries finds these). */
  #temporary(kind: 'upload' | 'download'): string {
    return path.join(this.#cacheDir, `${kind}-${randomBytes(8).toString('hex')}.tmp`);
  }

  async probe(): Promise<void> {
    await fs.mkdir(this.#cacheDir, { recursive: true });
    await fs.access(this.#cacheDir, fsConstants.W_OK);
    const { client, sdk } = await this.#client();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.#config.bucket }), {
      abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  }

  async put(
    content: Buffer,
    mimeType: string,
    beforeKeep?: (file: TStoredFile) => Promise<void>,
  ): Promise<TStoredFile> {
    const stored = { hash: sha256Hex(content), size: content.length, mimeType };
    await beforeKeep?.(stored);
    await this.#upload(stored, () => content);
    return stored;
  }

  /**
   * Like the disk store: streamed to a temporary file, `check`ed there, recorded (`beforeKeep`),
   * and only then put in its place. Recording first keeps the sweep's promise: a sweep removing
   * this very hash holds its row, so the upload waits for it and then finds no object and uploads.
   * The file then stays as the hash's local copy.
   */
  async putStream(source: Readable, mimeType: string, options: TPutStreamOptions): Promise<TStoredFile> {
    await fs.mkdir(this.#cacheDir, { recursive: true });
    const temporary = this.#temporary('upload');
    return receiveUpload(source, temporary, mimeType, options, async (stored) => {
      await this.#upload(stored, () => createReadStream(temporary));
      // Only a head start for a later reader: the file is stored and recorded whether or not it is kept.
      await this.#copies.adopt(stored.hash, temporary, stored.size).catch(() => undefined);
    });
  }

  /** Whether an object is at `key`. */
  #exists(key: string): Promise<boolean> {
    return this.#call(async (client, sdk) => {
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: this.#config.bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    });
  }

  /** Uploads `body` under the file's hash unless it is there (in parts when large). */
  async #upload(file: TStoredFile, body: () => Buffer | Readable): Promise<void> {
    const key = layoutOf(file.hash);
    if (await this.#exists(key)) return;
    await this.#call(async (client, sdk) => {
      const params = { Bucket: this.#config.bucket, Key: key, Body: body(), ContentType: file.mimeType };
      await new sdk.Upload({ client, params, partSize: PART_BYTES, leavePartsOnError: false }).done();
    });
  }

  /** Copies the object at `from` to `to`, then deletes `from` (S3 has no rename). */
  async #move(from: string, to: string): Promise<void> {
    const { bucket } = this.#config;
    await this.#call(async (client, sdk) => {
      await client.send(
        new sdk.CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}` }),
      );
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: from }));
    });
  }

  #delete(key: string): Promise<void> {
    return this.#call(async (client, sdk) => {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.#config.bucket, Key: key }));
    });
  }

  /**
   * The sweep's move-out, inside its transaction: the object is copied to `set-aside/<hash>` and
   * deleted from its key, so an upload of the same bytes that waited on the sweep's row finds no
   * object after the commit and uploads it anew; `discard` deletes the copy after the commit,
   * `restore` copies it back when the transaction fails. Throws (rather than answering null) when
   * the bucket fails, so the sweep's transaction rolls back instead of forgetting a blob it could
   * not move. One CopyObject: objects up to 5 GiB, far above any family file.
   */
  async setAside(hash: string): Promise<TSetAside | null> {
    const key = layoutOf(hash);
    const aside = `${ASIDE_PREFIX}${hash}`;
    const size = await this.sizeOf(hash);
    if (size === null) return null;
    await this.#move(key, aside);
    await this.#copies.forget(hash);
    return { hash, size, discard: () => this.#delete(aside), restore: () => this.#move(aside, key) };
  }

  /**
   * A crash's leftovers from before `before`: the local temporaries; the set-aside copies (put back
   * when their key is empty, as the sweep cannot say whether its transaction committed: a blob
   * kept too long costs bytes, one deleted too soon loses a family file); and incomplete multipart
   * uploads, where the server lists them. Answers how many went.
   */
  async removeTemporaries(before: Date): Promise<number> {
    return (
      (await this.#removeLocalTemporaries(before)) +
      (await this.#settleAside(before)) +
      (await this.#abortUploads(before))
    );
  }

  async #removeLocalTemporaries(before: Date): Promise<number> {
    let removed = 0;
    for (const name of await fs.readdir(this.#cacheDir).catch(() => [] as string[])) {
      if (!name.endsWith('.tmp')) continue;
      const file = path.join(this.#cacheDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || stat.mtime >= before) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** The set-aside objects older than `before`: each deleted, or moved back when its key is empty. */
  async #settleAside(before: Date): Promise<number> {
    let settled = 0;
    let token: string | undefined;
    do {
      const page = await this.#call((client, sdk) =>
        client.send(
          new sdk.ListObjectsV2Command({
            Bucket: this.#config.bucket,
            Prefix: ASIDE_PREFIX,
            ContinuationToken: token,
          }),
        ),
      );
      for (const { Key: aside, LastModified: modified } of page.Contents ?? []) {
        if (!aside || !modified || modified >= before) continue;
        const key = layoutOf(aside.slice(ASIDE_PREFIX.length));
        if (await this.#exists(key)) await this.#delete(aside);
        else await this.#move(aside, key);
        settled += 1;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return settled;
  }

  /** Aborts multipart uploads begun before `before`; none where the server does not list them (s3rver). */
  async #abortUploads(before: Date): Promise<number> {
    const { bucket } = this.#config;
    return this.#call(async (client, sdk) => {
      let uploads;
      try {
        uploads = (await client.send(new sdk.ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? [];
      } catch (error) {
        if ((error as Error).name === 'NotImplemented') return 0;
        throw error;
      }
      let aborted = 0;
      for (const { Key, UploadId, Initiated } of uploads) {
        if (!Key || !UploadId || !Initiated || Initiated >= before) continue;
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
        aborted += 1;
      }
      return aborted;
    });
  }

  async read(hash: string): Promise<Buffer> {
    const key = layoutOf(hash);
    return this.#call(async (client, sdk) => {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.#config.bucket, Key: key }));
      return buffer(bodyOf(answer.Body));
    });
  }

  /**
   * Answers at once (callers pipe it straight into the reply) a stream the object's bytes flow into
   * when GetObject answers; a failure destroys it with the error, and closing it early aborts the
   * request.
   */
  openRead(hash: string, range?: { start: number; end: number }): Readable {
    const key = layoutOf(hash);
    const out = new PassThrough();
    const request = new AbortController();
    out.once('close', () => request.abort());
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    void this.#call(async (client, sdk) => {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.#config.bucket, Key: key, Range }),
        {
          abortSignal: request.signal,
        },
      );
      // A server that ignored or widened the range would send other bytes under the 206's headers.
      if (Range && !answer.ContentRange?.startsWith(`bytes ${range?.start}-${range?.end}/`))
        throw new Error(`the object store answered ${answer.ContentRange ?? 'no range'} for ${Range}`);
      await pipeline(bodyOf(answer.Body), out);
    }).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  async sizeOf(hash: string): Promise<number | null> {
    const key = layoutOf(hash);
    try {
      const answer = await this.#call((client, sdk) =>
        client.send(new sdk.HeadObjectCommand({ Bucket: this.#config.bucket, Key: key })),
      );
      return answer.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Where `ensureLocal` keeps the hash's copy: a file only once fetched (or uploaded here), until evicted. */
  localPath(hash: string): string {
    return this.#copies.pathOf(hash);
  }

  /** A local copy to read at random, downloaded first when the cache has none (throws when the object is missing). */
  ensureLocal(hash: string): Promise<string> {
    layoutOf(hash);
    let fetching = this.#fetching.get(hash);
    if (!fetching) {
      fetching = this.#fetch(hash).finally(() => this.#fetching.delete(hash));
      this.#fetching.set(hash, fetching);
    }
    return fetching;
  }

  /** The bytes the local copies take now (tests of the bound). */
  cacheBytes(): Promise<number> {
    return this.#copies.totalBytes();
  }

  async #fetch(hash: string): Promise<string> {
    if (await this.#copies.has(hash)) return this.#copies.pathOf(hash);
    await fs.mkdir(this.#cacheDir, { recursive: true });
    const temporary = this.#temporary('download');
    try {
      await this.#call(async (client, sdk) => {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: this.#config.bucket, Key: layoutOf(hash) }),
        );
        await pipeline(bodyOf(answer.Body), createWriteStream(temporary));
      });
      return await this.#copies.adopt(hash, temporary, (await fs.stat(temporary)).size);
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }
}
