import { SIGN_IN_KINDS, type TActivityChanges } from '@portal/contract';
import type { ActivityRepository } from './activity.repository.ts';

/**
 * One row of the activity log: what happened (`kind`), who did it and from which company, to which
 * record of which company, which fields changed, and what else the event carries.
 */
export type TActivityEntry = {
  kind: string;
  userId?: number | null;
  companyId?: number | null;
  ownerCompanyId?: number | null;
  recordType?: string;
  recordId?: string | number;
  changes?: TActivityChanges | null;
  detail?: Record<string, unknown>;
  ip?: string;
};

/** Fields never written into the log, whatever record they are on. */
const SECRET_FIELD = /pass(word)?|secret|hash$|^token$|tokenhash|pepper|recovery|otp|totp/i;
/**
 * Columns every write moves that say nothing about the change: timestamps, and what the database
 * derives from the other columns (search text, a family's list record).
 */
const UNLOGGED_FIELDS: ReadonlySet<string> = new Set([
  'createdAt',
  'updatedAt',
  'lastUpdate',
  'searchText',
  'listJson',
]);
/** Values longer than this are cut short in the log (a picture's base64, a long description). */
const MAX_VALUE_CHARS = 2000;

const comparable = (value: unknown): string => JSON.stringify(value ?? null);

function logged(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_VALUE_CHARS)
    return `${value.slice(0, MAX_VALUE_CHARS)}…`;
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

/**
 * The fields whose values differ between `before` and `after` (a create: `before` undefined; a
 * delete: `after` undefined), with both values; secrets, timestamps and the fields in `skip` left
 * out.
 * Null when nothing changed.
 */
export function changesOf(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
  skip: readonly string[] = [],
): TActivityChanges | null {
  const changes: TActivityChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (SECRET_FIELD.test(field) || UNLOGGED_FIELDS.has(field) || skip.includes(field)) continue;
    const old = before?.[field];
    const now = after?.[field];
    if (comparable(old) === comparable(now)) continue;
    changes[field] = { old: logged(old), new: logged(now) };
  }
  return Object.keys(changes).length ? changes : null;
}

/**
 * The fields a write of `values` changes on a record stored as `before` (undefined: a create),
 * comparing only the fields written.
 */
export function changesOfValues(
  before: Readonly<Record<string, unknown>> | undefined,
  values: Readonly<Record<string, unknown>>,
  skip: readonly string[] = [],
): TActivityChanges | null {
  if (!before) return changesOf(undefined, values, skip);
  return changesOf(Object.fromEntries(Object.keys(values).map((key) => [key, before[key]])), values, skip);
}

/**
 * The kinds written even with ACTIVITY_LOG=off: sign-ins, failed sign-ins and locks, the trail
 * an operator needs to see an attack on an account (the lock itself counts in login_attempts).
 */
export const SECURITY_KINDS: ReadonlySet<string> = new Set([
  ...SIGN_IN_KINDS,
  'login.failed',
  'login.locked',
]);

/** Records what happened; inside a transaction the row commits with the change it describes. */
export class ActivityService {
  readonly #repo: ActivityRepository;
  readonly #log: 'on' | 'off';

  /** `log: 'off'` (ACTIVITY_LOG) writes only SECURITY_KINDS. */
  constructor(repo: ActivityRepository, options: { log?: 'on' | 'off' } = {}) {
    this.#repo = repo;
    this.#log = options.log ?? 'on';
  }

  record(entry: TActivityEntry): Promise<void> {
    if (this.#log === 'off' && !SECURITY_KINDS.has(entry.kind)) return Promise.resolve();
    return this.#repo.insert(entry);
  }
}
