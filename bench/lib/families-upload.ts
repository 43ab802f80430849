import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MIB = 1024 * 1024;
const SAMPLE_MS = 50;

/** A process's resident set now and its peak (high-water mark) from /proc/<pid>/status, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

/**
 * Sets the process's peak RSS back to its current RSS (`5` to /proc/<pid>/clear_refs, Linux 4.0+),
 * so the peak read afterwards belongs to what follows; false when the kernel refuses.
 */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export type TRssTrace = {
  /** RSS just before the upload started. */
  beforeBytes: number;
  /** The highest RSS: the kernel's high-water mark when it could be reset, else the largest sample. */
  peakBytes: number;
  /** The largest RSS seen by sampling every 50 ms. */
  sampledPeakBytes: number;
  /** RSS two seconds after the answer. */
  afterBytes: number;
  peakFromKernel: boolean;
  samples: number;
};

export type TUploadResult = {
  status: number;
  bytes: number;
  seconds: number;
  mibPerSecond: number;
  /** The answer's body, cut to 2,000 characters. */
  answer: string;
};

/** A multipart/form-data body with one file field, streamed from disk, and its length. */
function multipartBody(file: string, field: string): { body: Readable; length: number; type: string } {
  const boundary = `----portal-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    yield* fs.createReadStream(file, { highWaterMark: MIB });
    yield tail;
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    length: head.length + fs.statSync(file).size + tail.length,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Streams `file` as multipart field `field` to `url` and waits for the whole answer. */
export async function uploadFile(
  url: string,
  file: string,
  options: { field?: string; headers?: Record<string, string> } = {},
): Promise<TUploadResult> {
  const { body, length, type } = multipartBody(file, options.field ?? 'file');
  const started = process.hrtime.bigint();
  const { status, answer } = await new Promise<{ status: number; answer: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': type, 'content-length': String(length) },
    });
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, answer: text }));
      response.once('error', reject);
    });
    request.once('error', reject);
    // An early answer (401, 413) ends the request; the rest of the body is no longer wanted.
    pipeline(body, request).catch(() => undefined);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const bytes = fs.statSync(file).size;
  return {
    status,
    bytes,
    seconds: Math.round(seconds * 1000) / 1000,
    mibPerSecond: Math.round((bytes / MIB / seconds) * 10) / 10,
    answer,
  };
}

/**
 * Runs `work` while sampling the process's RSS every 50 ms, with its peak reset just before, and
 * reads the RSS again two seconds after `work` ends.
 */
export async function traceRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; rss: TRssTrace }> {
  const peakFromKernel = resetPeak(pid);
  const beforeBytes = memoryOf(pid).rss;
  let sampledPeakBytes = beforeBytes;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      sampledPeakBytes = Math.max(sampledPeakBytes, memoryOf(pid).rss);
      samples++;
    } catch {
      // The process went away; the work will say why.
    }
  }, SAMPLE_MS);
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
  }
  const end = memoryOf(pid);
  sampledPeakBytes = Math.max(sampledPeakBytes, end.rss);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return {
    result,
    rss: {
      beforeBytes,
      peakBytes: peakFromKernel ? Math.max(end.peak, sampledPeakBytes) : sampledPeakBytes,
      sampledPeakBytes,
      afterBytes: memoryOf(pid).rss,
      peakFromKernel,
      samples,
    },
  };
}
