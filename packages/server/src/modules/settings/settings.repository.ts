import { eq } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { appSettings } from '../../db/schema/index.ts';

/** Key/value settings the server keeps in its database. */
export class SettingsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /** Stores a setting unless one exists; answers the value that is stored. */
  async once(key: string, value: string): Promise<string> {
    await this.#ctx.db.insert(appSettings).values({ key, value }).onConflictDoNothing();
    const [row] = await this.#ctx.db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row?.value ?? value;
  }
}
