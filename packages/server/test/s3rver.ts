/**
 * An S3-compatible server for the tests of the S3 backend: s3rver (an npm package, no Docker, no
 * network) on a free port of 127.0.0.1, keeping its objects in a temporary folder, with one bucket
 * made before it answers. Each test file starts its own and stops it in `afterAll`.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TS3Config } from '../src/config.ts';

/** The little of s3rver's API the tests use (it ships no type declarations). */
type TS3rverServer = {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};
type TS3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => TS3rverServer;

// s3rver is CommonJS without types: loaded through require and given the shape above.
const S3rver = createRequire(import.meta.url)('s3rver') as TS3rverClass;

/** s3rver's one built-in key pair: it refuses requests signed with anything else. */
const S3RVER_KEY = 'S3RVER';

export type TS3rver = {
  /** The settings that point a store at this server (the config's `s3`). */
  config: TS3Config;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  /** Stops the server (idempotent); its folder is removed. */
  stop(): Promise<void>;
};

/** Starts s3rver on a free port with `bucket` made; stop it in `afterAll`. */
export async function startS3rver(bucket = 'portal-files'): Promise<TS3rver> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  let stopped = false;
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    },
    directory,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
