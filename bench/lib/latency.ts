import http from 'node:http';
import type { TLoadResult, TRequest } from './load.ts';

/** Each connection sends at least this many requests, however long they take. */
const MIN_REQUESTS_PER_CONNECTION = 3;
const REQUEST_TIMEOUT_MS = 60_000;

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** The p-th percentile (0 to 100) of sorted values, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Drives one request at `connections` closed-loop connections (each sends its next request when
 * the last is answered) for `seconds`, timing every answer to the microsecond with
 * process.hrtime. autocannon's histogram keeps whole milliseconds, too coarse for a call that
 * answers in 2 ms and whose growth from 2.3 ms to 2.9 ms is the figure wanted; at a few
 * connections one Node client is not the bottleneck. Latencies are of 2xx answers only, as
 * autocannon counts them.
 */
export async function timedLoad(
  request: TRequest,
  connections: number,
  seconds: number,
  serverCpuMs?: () => Promise<number>,
): Promise<TLoadResult> {
  const url = new URL(request.url);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  const send = (headers: Record<string, string>) =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const outgoing = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          timeout: REQUEST_TIMEOUT_MS,
        },
        (response) => {
          response.resume();
          response.once('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300)
              latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            else non2xx++;
            resolve();
          });
          response.once('error', () => {
            errors++;
            resolve();
          });
        },
      );
      let timedOut = false;
      outgoing.once('timeout', () => {
        timedOut = true;
        timeouts++;
        outgoing.destroy();
      });
      outgoing.once('error', () => {
        if (!timedOut) errors++;
        resolve();
      });
      outgoing.end(body);
    });
  const cpuBefore = await serverCpuMs?.();
  const begun = performance.now();
  const until = begun + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      const headers = request.headersPerConnection
        ? request.headersPerConnection[index % request.headersPerConnection.length]!
        : (request.headers ?? {});
      for (let sent = 0; performance.now() < until || sent < MIN_REQUESTS_PER_CONNECTION; sent++)
        await send(headers);
    }),
  );
  const elapsedSeconds = (performance.now() - begun) / 1000;
  const cpuAfter = await serverCpuMs?.();
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const answered = sorted.length + non2xx;
  return {
    requestsPerSecond: hundredths(sorted.length / elapsedSeconds),
    requests: answered,
    latencyMs: {
      average: hundredths(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
      p50: hundredths(percentile(sorted, 50)),
      p90: hundredths(percentile(sorted, 90)),
      p99: hundredths(percentile(sorted, 99)),
      max: hundredths(sorted.at(-1) ?? Number.NaN),
    },
    non2xx,
    errors,
    timeouts,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
      ? { serverCpuMsPerRequest: Math.round(((cpuAfter - cpuBefore) / answered) * 1000) / 1000 }
      : {}),
  };
}
