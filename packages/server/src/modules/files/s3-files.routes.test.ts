import { createHash, randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import CFB from 'cfb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RFA_FIXTURE } from '../../../test/firestop.ts';
import { startS3rver, type TS3rver } from '../../../test/s3rver.ts';
import { fileRows } from '../../../test/stored-files.ts';
import { createTestApp, type TTestApp, unique } from '../../../test/test-app.ts';
import { multipartFile } from '../../../test/factories.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** A family file no other test stores: the fixture with a random stream added. */
function variant(): Buffer {
  const container = CFB.read(RFA_FIXTURE, { type: 'buffer' });
  CFB.utils.cfb_add(container, `Salt${randomBytes(4).toString('hex')}`, randomBytes(64));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** The keys in the test server's bucket that name `hash` (stored or set aside). */
async function objectsOf(server: TS3rver, hash: string): Promise<string[]> {
  const { region, endpoint, accessKeyId, secretAccessKey } = server.config;
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! },
  });
  try {
    const answer = await client.send(new ListObjectsV2Command({ Bucket: server.config.bucket }));
    return (answer.Contents ?? []).map((object) => object.Key ?? '').filter((key) => key.endsWith(hash));
  } finally {
    client.destroy();
  }
}

/** Uploads a family file as a browser does (multipart), answering the upload's id and hash. */
async function upload(t: TTestApp, token: string, content: Buffer) {
  const { payload, headers } = multipartFile(content, 'seal.rfa');
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/family/upload',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ upload: { uploadId: string; sha256: string; size: number } }>().upload;
}

function download(t: TTestApp, id: number, token: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/family/download/content/${id}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

describe('stored files in S3-compatible object storage', () => {
  let server: TS3rver;
  let t: TTestApp;
  let admin: string;
  /** How far the portal's clock is ahead of the real one. */
  let ahead = 0;

  beforeAll(async () => {
    server = await startS3rver();
    t = await createTestApp({ s3: server.config, clock: () => new Date(Date.now() + ahead) });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await server.stop();
  });

  it('uploads a family into the bucket and downloads it whole, by range and as not modified', async () => {
    const content = variant();
    const hash = sha256(content);
    const uploaded = await upload(t, admin, content);
    expect(uploaded).toMatchObject({ sha256: hash, size: content.length });
    expect(await objectsOf(server, hash)).toEqual([`${hash.slice(0, 2)}/${hash}`]);
    const saved = await t.call('POST', '/api/family/save', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyName: unique('s3'), revitFamilyUploadId: uploaded.uploadId }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = (saved.body.revitFamilyInfos as Array<{ revitFamilyId: number }>)[0]!.revitFamilyId;

    const full = await download(t, id, admin);
    expect(full.statusCode).toBe(200);
    expect(full.headers).toMatchObject({ etag: `"${hash}"`, 'content-length': String(content.length) });
    expect(full.rawPayload.equals(content)).toBe(true);

    const middle = await download(t, id, admin, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${content.length}`);
    expect(middle.rawPayload.equals(content.subarray(1000, 2000))).toBe(true);
    const tail = await download(t, id, admin, { range: 'bytes=-100' });
    expect(tail.rawPayload.equals(content.subarray(content.length - 100))).toBe(true);

    const notModified = await download(t, id, admin, { 'if-none-match': `"${hash}"` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('stores the same family file once, and refuses a file that is no family without storing it', async () => {
    const content = variant();
    const hash = sha256(content);
    const [first, second] = [await upload(t, admin, content), await upload(t, admin, content)];
    expect(second.sha256).toBe(first.sha256);
    expect(await objectsOf(server, hash)).toHaveLength(1);

    const fake = Buffer.concat([Buffer.from('not a revit family '), randomBytes(2000)]);
    const refusedBody = multipartFile(fake, 'fake.rfa');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/family/upload',
      headers: { ...refusedBody.headers, authorization: `Bearer ${admin}` },
      payload: refusedBody.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(await objectsOf(server, sha256(fake))).toEqual([]);
    expect(await fileRows(t, sha256(fake))).toBe(0);
  });

  it('sweeps an upload never saved out of the bucket once its time is past', async () => {
    const content = variant();
    const hash = sha256(content);
    await upload(t, admin, content);
    ahead = 31 * DAY;
    try {
      await t.services.fileSweep.run();
    } finally {
      ahead = 0;
    }
    expect(await fileRows(t, hash)).toBe(0);
    expect(await objectsOf(server, hash)).toEqual([]);
  });

  it('answers readiness with storage while the bucket answers', async () => {
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', parts: { database: true, storage: true } });
  });
});

describe('stored files in object storage that stops answering', () => {
  let server: TS3rver;
  let t: TTestApp;

  beforeAll(async () => {
    server = await startS3rver();
    t = await createTestApp({ s3: server.config });
  });
  afterAll(async () => {
    await t.close();
    await server.stop();
  });

  it('answers 503 naming storage for readiness and for a download, while liveness stays 200', async () => {
    const admin = await t.adminToken();
    const saved = await t.call('POST', '/api/family/save', {
      token: admin,
      body: {
        revitFamilyInfos: [
          { revitFamilyName: unique('s3'), revitFamilyFileBase64: variant().toString('base64') },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = (saved.body.revitFamilyInfos as Array<{ revitFamilyId: number }>)[0]!.revitFamilyId;
    expect((await t.call('GET', '/api/ready')).status).toBe(200);

    await server.stop();
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.errorDetails).toEqual([{ key: 'notReady', values: { parts: 'storage' } }]);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    const refused = await download(t, id, admin);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      errorDetails: [{ key: 'notReady', values: { parts: 'storage' } }],
    });
  });
});
