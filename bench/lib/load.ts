import autocannon from 'autocannon';

export type TRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Each connection's own headers, taken in turn (one person per connection), instead of `headers`. */
  headersPerConnection?: Array<Record<string, string>>;
};

export type TLoadResult = {
  requestsPerSecond: number;
  requests: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU the server process spent per answered request (user + system), when it was measured. */
  serverCpuMsPerRequest?: number;
};

/** Gives each new connection the next set of headers. */
function headersInTurn(sets: Array<Record<string, string>>): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => {
    client.setHeaders(sets[next++ % sets.length]);
  };
}

/**
 * Drives one request at `connections` concurrent connections for `seconds` with autocannon; with
 * `serverCpuMs`, also the server's CPU per request (robust to other work on the machine, which
 * only slows the rates).
 */
export async function load(
  request: TRequest,
  connections: number,
  seconds: number,
  serverCpuMs?: () => Promise<number>,
): Promise<TLoadResult> {
  const cpuBefore = await serverCpuMs?.();
  const result = await autocannon({
    url: request.url,
    method: request.method,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
    connections,
    duration: seconds,
    ...(request.headersPerConnection ? { setupClient: headersInTurn(request.headersPerConnection) } : {}),
  });
  const cpuAfter = await serverCpuMs?.();
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
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { serverCpuMsPerRequest: Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1000) / 1000 }
      : {}),
  };
}

/** What a find answered before the load: the records on its page and the total found. */
export type TCallAnswer = { records?: number; totalCount?: number };

/** Sends the call once and fails unless it answers 200; answers what it found (a family find's page). */
export async function checkCall(request: TRequest): Promise<TCallAnswer> {
  const response = await fetch(request.url, {
    method: request.method,
    signal: AbortSignal.timeout(60_000),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body ? { body: request.body } : {}),
  });
  const body = (await response.json()) as { revitFamilyInfos?: unknown[]; totalCount?: number };
  if (response.status !== 200)
    throw new Error(`${request.method} ${request.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return {
    ...(body.revitFamilyInfos ? { records: body.revitFamilyInfos.length } : {}),
    ...(body.totalCount !== undefined ? { totalCount: body.totalCount } : {}),
  };
}
