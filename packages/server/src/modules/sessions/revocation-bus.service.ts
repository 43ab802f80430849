import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { LiveSessions, TRevocation } from './live-sessions.service.ts';

/** The one channel the instances on a database tell each other of revocations on. */
export const REVOCATION_CHANNEL = 'portal_revocations';

/** The first pause before connecting again; each failure doubles it, up to the cap. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

/** A listening connection: `ended` settles once it is gone, for any reason. */
export type TListening = { ended: Promise<void>; close(): Promise<void> };

export type TRevocationBusDeps = {
  live: LiveSessions;
  /** Opens a connection of its own listening on `channel` (TDatabase.listen). */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<TListening>;
  /** Sends a notification through the pool, outside any transaction (TDatabase.notify). */
  notify: (channel: string, payload: string) => Promise<void>;
  /** Runs work once the open transaction commits, or at once (DbContext.afterCommit). */
  afterCommit: (work: () => void) => void;
  log: FastifyBaseLogger;
};

const ZMessage = z.object({
  from: z.string(),
  revocation: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('session'), sessionId: z.string() }),
    z.object({ kind: z.literal('apiToken'), tokenHash: z.string() }),
    z.object({ kind: z.literal('user'), userId: z.number().int(), keepSessionId: z.string().optional() }),
  ]),
});

/** The pause before connecting again after `failures` failures in a row. */
function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

/**
 * Revocations across the portal instances on one PostgreSQL database (issue 26): each sign-in or
 * API token ended here is published with NOTIFY, and each instance LISTENs on one connection of
 * its own and forgets what the others ended, so none accepts it for the rest of LIVE_SESSION_TTL_MS.
 * When that connection drops (a server restart) it connects again with a growing pause and then
 * forgets everything remembered, since revocations sent meanwhile were missed. Not used on PGlite.
 */
export class RevocationBus {
  readonly #d: TRevocationBusDeps;
  /** Marks this instance's own messages, which it has applied already. */
  readonly #id = randomUUID();
  #stopped = true;
  #loop: Promise<void> | undefined;
  #listening: TListening | undefined;
  /** Settles on stop: ends the pause or the wait under way. */
  #stopping: Promise<void> = Promise.resolve();
  #stop = () => {};

  constructor(deps: TRevocationBusDeps) {
    this.#d = deps;
  }

  /**
   * Tells the other instances of a revocation made here. Sent after the open transaction commits
   * (afterCommit, so a rollback tells nothing, and a failed NOTIFY never undoes the revocation), or
   * at once when none is open, which may be just before the revoking statement runs: the receiver's
   * quiet mark (REVOKED_QUIET_MS) keeps it from remembering what it reads before that commits.
   */
  publish(revocation: TRevocation): void {
    const payload = JSON.stringify({ from: this.#id, revocation });
    this.#d.afterCommit(() => {
      this.#d.notify(REVOCATION_CHANNEL, payload).catch((error: unknown) => {
        this.#d.log.warn({ err: error }, 'revocation not sent to the other instances');
      });
    });
  }

  /** Listens from now on; resolves once the first connection is made or has failed (then retried). */
  async start(): Promise<void> {
    if (this.#loop) return;
    this.#stopped = false;
    this.#stopping = new Promise<void>((resolve) => (this.#stop = resolve));
    let firstTried = () => {};
    const tried = new Promise<void>((resolve) => (firstTried = resolve));
    this.#loop = this.#run(() => firstTried());
    await tried;
  }

  /** Stops listening and closes the connection. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stop();
    await this.#listening?.close();
    await this.#loop;
    this.#loop = undefined;
  }

  async #run(firstTried: () => void): Promise<void> {
    let failures = 0;
    while (!this.#stopped) {
      let listening: TListening;
      try {
        listening = await this.#d.listen(REVOCATION_CHANNEL, (payload) => this.#receive(payload));
      } catch (error) {
        firstTried();
        failures += 1;
        if (failures === 1) this.#d.log.warn({ err: error }, 'revocation listener cannot connect; retrying');
        await this.#pause(retryDelayMs(failures));
        continue;
      }
      if (this.#stopped) {
        await listening.close();
        break;
      }
      this.#listening = listening;
      // Revocations sent while nothing listened were missed: nothing remembered may be trusted.
      this.#d.live.forgetAll();
      if (failures > 0) this.#d.log.info('revocation listener connected again');
      firstTried();
      await Promise.race([listening.ended, this.#stopping]);
      this.#listening = undefined;
      if (this.#stopped) break;
      this.#d.log.warn('revocation listener lost its connection; connecting again');
      failures = 1;
      await this.#pause(retryDelayMs(failures));
    }
  }

  #receive(payload: string): void {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      message = undefined;
    }
    const parsed = ZMessage.safeParse(message);
    if (!parsed.success) {
      this.#d.log.warn({ payload: payload.slice(0, 200) }, 'revocation message not understood');
      return;
    }
    if (parsed.data.from !== this.#id) this.#d.live.apply(parsed.data.revocation);
  }

  async #pause(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, ms))), this.#stopping]);
    clearTimeout(timer);
  }
}
