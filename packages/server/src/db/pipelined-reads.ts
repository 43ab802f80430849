import pg from 'pg';

/** One pipelined connection, opened when first needed and again after it is lost. */
type TSlot = {
  client: pg.Client | undefined;
  /** The connection while it is being opened; queries wait for it. */
  opening: Promise<pg.Client> | undefined;
  /** When each query sent and not yet answered was sent, oldest first (a connection answers in order). */
  sentAt: number[];
  /** Whether its socket holds this turn's writes back until setImmediate. */
  corked: boolean;
};

/** How long a connection's oldest unanswered query may wait before reads go to the next connection. */
const SPILL_MS = 50;

/**
 * How many queries one connection holds unanswered; past it, reads wait in the portal, first come
 * first served, for a connection to answer one, so a burst of requests queues here rather than in
 * a backend. Deliberately far above what 50 concurrent requests need: on two cores, one backend
 * working through the reads answers with the tightest latency, and a bound small enough to split
 * them over two backends (4 to 16) made the 99th percentile of a page 50 to 100 ms instead of 32
 * to 44 (docs/performance.md).
 */
export const MAX_IN_FLIGHT = 64;

/**
 * What these connections run: the hot reads, each a named statement per shape of find (PagedFind)
 * run with a new page, filter or id every time. PostgreSQL would plan such a statement afresh for
 * every run's values: it prices a LIMIT or OFFSET given as a parameter at a tenth of the table, so
 * its generic plan never looks cheaper than a plan for the values at hand, and planning a page of
 * records cost it a third of running it. A generic plan is the same plan without the planning;
 * the bench checks that each one still reads through its indexes (bench/README.md).
 */
const SESSION_SETUP = 'set plan_cache_mode = force_generic_plan';

/** The socket of a node-postgres connection, held back while a turn's queries are written. */
type TCorkable = { cork(): void; uncork(): void };

/**
 * The socket this module corks: node-postgres keeps it in a private field (`connection.stream`),
 * which a release may move. Checked once a connection is open (`PipelinedReads.start`), so the
 * portal falls back to the pool at start-up instead of failing its first read.
 */
export function corkableStream(client: pg.Client): TCorkable | undefined {
  const stream = (client as unknown as { connection?: { stream?: Partial<TCorkable> } }).connection?.stream;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function'
    ? (stream as TCorkable)
    : undefined;
}

/** Makes the pipelined connections' clients (tests give one that lacks the private field). */
export type TClientFactory = (config: pg.ClientConfig & { pipeline: true }) => pg.Client;

/** What drizzle's node-postgres session calls on its client. */
type TQueryConfig = pg.QueryConfig & { rowMode?: 'array' };

/** A read waiting for a connection with room (MAX_IN_FLIGHT). */
type TWaiting = {
  config: TQueryConfig;
  values: unknown[] | undefined;
  resolve: (result: pg.QueryResult) => void;
  reject: (error: unknown) => void;
};

/**
 * Single statements outside a transaction, sent over a few connections in PostgreSQL's pipeline
 * mode (node-postgres `pipeline: true`): a query goes out without waiting for the ones ahead of it
 * on the same connection (up to `maxInFlight`; later ones wait their turn in the portal), and the
 * queries of one turn of the event loop leave in one write, so a hundred requests' reads cost a few
 * dozen system calls instead of two hundred, and PostgreSQL runs them back to back on one backend
 * per connection instead of waking ten. Each query carries its own Sync, so an error fails that
 * query alone.
 *
 * Only for the short reads the repositories mark as hot (`DbContext.runPrepared`): a statement
 * queued behind a slow one waits for it, and a transaction's statements must share one session,
 * which the pool's connections give (`DbContext.transaction` never comes here).
 */
export class PipelinedReads {
  readonly #connectionString: string;
  readonly #slots: TSlot[];
  readonly #maxInFlight: number;
  readonly #newClient: TClientFactory;
  /** Reads waiting for room on a connection, oldest first. */
  readonly #waiting: TWaiting[] = [];
  #ended = false;

  constructor(
    connectionString: string,
    connections: number,
    maxInFlight = MAX_IN_FLIGHT,
    newClient: TClientFactory = (config) => new pg.Client(config),
  ) {
    if (!Number.isInteger(connections) || connections < 1)
      throw new Error(`pipelined read connections must be a whole number, 1 or more; got ${connections}`);
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1)
      throw new Error(
        `queries in flight per connection must be a whole number, 1 or more; got ${maxInFlight}`,
      );
    this.#connectionString = connectionString;
    this.#maxInFlight = maxInFlight;
    this.#newClient = newClient;
    this.#slots = Array.from({ length: connections }, () => ({
      client: undefined,
      opening: undefined,
      sentAt: [],
      corked: false,
    }));
  }

  /**
   * Opens the first connection and checks that its client can be pipelined here (corkableStream).
   * False when it cannot: every connection is then ended, and reads belong on the pool.
   */
  async start(): Promise<boolean> {
    const client = await this.#open(this.#slots[0]!);
    if (corkableStream(client)) return true;
    await this.end();
    return false;
  }

  /** The query interface drizzle's node-postgres session uses (`client.query(config, values)`). */
  query(config: TQueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (this.#ended) return Promise.reject(new Error('the database is closed'));
    const now = performance.now();
    const slot = this.#choose(now);
    if (!slot)
      return new Promise((resolve, reject) => this.#waiting.push({ config, values, resolve, reject }));
    return this.#dispatch(slot, now, config, values);
  }

  /** Sends a read on `slot`; once answered, the slot takes the oldest waiting read. */
  #dispatch(slot: TSlot, now: number, config: TQueryConfig, values: unknown[] | undefined) {
    slot.sentAt.push(now);
    const done = () => {
      slot.sentAt.shift();
      this.#drain(slot);
    };
    const sent = slot.client
      ? this.#send(slot, slot.client, config, values)
      : this.#open(slot).then((client) => this.#send(slot, client, config, values));
    sent.then(done, done);
    return sent;
  }

  #drain(slot: TSlot) {
    while (this.#waiting.length > 0 && slot.sentAt.length < this.#maxInFlight) {
      const next = this.#waiting.shift()!;
      this.#dispatch(slot, performance.now(), next.config, next.values).then(next.resolve, next.reject);
    }
  }

  /** Ends every connection; queries already sent are answered first, those waiting are refused. */
  /** Reads sent and not yet answered, and reads waiting for room (the metrics). */
  stats(): { inFlight: number; waiting: number } {
    return {
      inFlight: this.#slots.reduce((sum, slot) => sum + slot.sentAt.length, 0),
      waiting: this.#waiting.length,
    };
  }

  async end(): Promise<void> {
    this.#ended = true;
    for (const waiting of this.#waiting.splice(0)) waiting.reject(new Error('the database is closed'));
    await Promise.all(
      this.#slots.map(async (slot) => {
        const client = slot.client ?? (await slot.opening?.catch(() => undefined));
        slot.client = undefined;
        await client?.end().catch(() => undefined);
      }),
    );
  }

  /** How many queries are in flight on each connection (tests and diagnostics). */
  get inFlight(): number[] {
    return this.#slots.map((slot) => slot.sentAt.length);
  }

  /**
   * Among the connections with room, the first that is keeping up (its oldest unanswered query
   * younger than SPILL_MS), else the one with the fewest queries waiting; undefined when none has
   * room. Reads stay on one connection while it keeps up and has room, so light reads share one
   * backend and few writes; a slow statement, or more reads than one backend holds, spills to the
   * next.
   */
  #choose(now: number): TSlot | undefined {
    let best: TSlot | undefined;
    for (const slot of this.#slots) {
      if (slot.sentAt.length >= this.#maxInFlight) continue;
      const oldest = slot.sentAt[0];
      if (oldest === undefined || now - oldest < SPILL_MS) return slot;
      if (!best || slot.sentAt.length < best.sentAt.length) best = slot;
    }
    return best;
  }

  #send(slot: TSlot, client: pg.Client, config: TQueryConfig, values: unknown[] | undefined) {
    if (!slot.corked) {
      // The first query of this turn holds the socket's writes back; the rest of the turn's queries
      // join it, and all leave in one write once the turn's I/O callbacks have run.
      // start() has checked that clients have it.
      const stream = corkableStream(client)!;
      slot.corked = true;
      stream.cork();
      setImmediate(() => {
        slot.corked = false;
        stream.uncork();
      });
    }
    return client.query(config, values);
  }

  #open(slot: TSlot): Promise<pg.Client> {
    if (slot.opening) return slot.opening;
    const client = this.#newClient({ connectionString: this.#connectionString, pipeline: true });
    // A connection the server ends (a restart, an administrator) fails the queries it held; the
    // next query opens another.
    const forget = () => {
      if (slot.client === client) slot.client = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    // A SET, not the connection's `options`: those would replace any the database URL gives.
    slot.opening = client
      .connect()
      .then(() => client.query(SESSION_SETUP))
      .then(
        () => {
          slot.opening = undefined;
          if (this.#ended) {
            void client.end();
            throw new Error('the database is closed');
          }
          slot.client = client;
          return client;
        },
        (error: unknown) => {
          slot.opening = undefined;
          void client.end().catch(() => undefined);
          throw error;
        },
      );
    return slot.opening;
  }
}
