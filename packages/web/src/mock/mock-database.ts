import { demoUsers } from './demo-users.ts';

/** One record of a mock collection: any JSON object, usually with an `id`. */
export type TMockItem = Record<string, unknown>;
export type TMockCollections = Record<string, TMockItem[]>;

/** Spec 4: the mock backend's database is either ready or being (re)built. */
export type TDatabaseState = 'ready' | 'resetting';

export type TMockDatabase = {
  readonly state: () => TDatabaseState;
  /** Resolves once the database is ready; requests wait on it so none reads a half-built state. */
  readonly whenReady: () => Promise<void>;
  /** The named collection, or undefined when the database has none by that name. */
  readonly collection: (name: string) => TMockItem[] | undefined;
  /** Rebuilds every collection from the seed; the state is `resetting` until it resolves. */
  readonly reset: () => Promise<void>;
};

/** The mock's seed: the users collection with the three demo users of spec 3. */
export function seedCollections(): TMockCollections {
  return { users: demoUsers() };
}

/**
 * The in-memory database of the mock backend. Each reset builds fresh copies from `seed`, so a
 * change made through the mock never leaks into the next reset.
 */
export function createMockDatabase(seed: () => TMockCollections = seedCollections): TMockDatabase {
  let collections: TMockCollections = structuredClone(seed());
  let state: TDatabaseState = 'ready';
  let ready: Promise<void> = Promise.resolve();
  return {
    state: () => state,
    whenReady: () => ready,
    collection: (name) => (Object.hasOwn(collections, name) ? collections[name] : undefined),
    reset() {
      state = 'resetting';
      // The rebuild runs after the current task, like a database that takes a moment to be ready:
      // a request arriving meanwhile waits for it instead of seeing empty collections.
      ready = Promise.resolve().then(() => {
        collections = structuredClone(seed());
        state = 'ready';
      });
      return ready;
    },
  };
}
