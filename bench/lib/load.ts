import autocannon from 'autocannon';

export type TRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
};

export type TLoadResult = {
  requestsPerSecond: number;
  requests: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** Drives one request at `connections` concurrent connections for `seconds` with autocannon. */
export async function load(request: TRequest, connections: number, seconds: number): Promise<TLoadResult> {
  const result = await autocannon({
    url: request.url,
    method: request.method,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
    connections,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
