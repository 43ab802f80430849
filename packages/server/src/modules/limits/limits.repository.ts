import { sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { queryRows } from '../../db/client.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';

/** Every this many writes a process removes the windows and spent keys that ran out. */
const SWEEP_EVERY = 1000;

/**
 * The limit store every instance on one PostgreSQL server shares: one upsert per hit, timed by the
 * server's clock so instances whose clocks differ still agree on a window. Each statement stands
 * alone (a hit counts even when the request's own transaction later rolls back).
 */
export class LimitsRepository implements TLimitStore {
  readonly #ctx: DbContext;
  #writes = 0;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async count(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }> {
    await this.#sweepNow();
    const [row] = await queryRows<{ hits: number; resetsInMs: number }>(
      this.#ctx.db,
      sql`insert into limit_windows as w (key, hits, resets_at)
          values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when w.resets_at <= clock_timestamp() then 1 else w.hits + 1 end,
            resets_at = case when w.resets_at <= clock_timestamp() then excluded.resets_at else w.resets_at end
          returning w.hits as "hits",
            greatest(0, extract(epoch from (w.resets_at - clock_timestamp())) * 1000)::float8 as "resetsInMs"`,
    );
    return { hits: Number(row?.hits ?? 1), resetsInMs: Number(row?.resetsInMs ?? windowMs) };
  }

  async spend(key: string, untilMs: number): Promise<boolean> {
    await this.#sweepNow();
    // A key whose time ran out may be spent again: the row is taken over instead of refused.
    const rows = await queryRows<{ key: string }>(
      this.#ctx.db,
      sql`insert into spent_keys as s (key, until) values (${key}, to_timestamp(${untilMs} / 1000.0))
          on conflict (key) do update set until = excluded.until where s.until < clock_timestamp()
          returning s.key as "key"`,
    );
    return rows.length === 1;
  }

  /** Removes what ran out, once every SWEEP_EVERY writes of this process. */
  async #sweepNow(): Promise<void> {
    this.#writes += 1;
    if (this.#writes % SWEEP_EVERY !== 0) return;
    await this.#ctx.db.execute(sql`delete from limit_windows where resets_at < clock_timestamp()`);
    await this.#ctx.db.execute(sql`delete from spent_keys where until < clock_timestamp()`);
  }
}
