/** What separates the records of a page's text: ASCII's record separator, which JSON text never holds unescaped. */
export const RECORD_SEPARATOR = '\x1e';

/**
 * JSON text known to be the JSON of a value of type T: what a route may answer as a member of its
 * payload without parsing it (`JsonText.of` checks T against the route's response schema).
 */
export class Json<T> {
  declare private readonly type: T;
  readonly text: string;

  private constructor(text: string) {
    this.text = text;
  }

  /** A value written as JSON here. */
  static of<T>(value: T): Json<T> {
    return new Json<T>(JSON.stringify(value));
  }

  /** Text that the caller vouches is the JSON of a T (PostgreSQL wrote it from the record's SELECT list). */
  static trusted<T>(text: string): Json<T> {
    return new Json<T>(text);
  }
}

/**
 * A page of records as PostgreSQL wrote them, one JSON object each, and the find's total. Only
 * db/paged-find.ts and the repositories build one; a service may add a member that does not live
 * in the database (a photo or a thumbnail read from the file store) with `with`, and a route sends
 * it with `json()`: no one else reads or edits the text.
 */
export class JsonPage<T extends object> {
  readonly total: number;
  readonly #records: readonly string[];

  private constructor(records: readonly string[], total: number) {
    this.#records = records;
    this.total = total;
  }

  /** A page of records, each the JSON text of one object, in order. */
  static of<T extends object>(records: readonly string[], total: number): JsonPage<T> {
    return new JsonPage<T>(records, total);
  }

  /** A page from its records' text joined by RECORD_SEPARATOR (null: none), in order. */
  static fromJoined<T extends object>(joined: string | null, total: number): JsonPage<T> {
    return new JsonPage<T>(joined ? joined.split(RECORD_SEPARATOR) : [], total);
  }

  /** How many records the page holds. */
  get size(): number {
    return this.#records.length;
  }

  /**
   * The page with one more member on every record, `values` in the page's order. Each record is an
   * object written by PostgreSQL, so the member goes in before its closing brace.
   */
  with<K extends keyof T & string>(key: K, values: ReadonlyArray<T[K]>): JsonPage<T> {
    if (values.length !== this.#records.length)
      throw new Error(`${key}: ${values.length} values for ${this.size} records`);
    const member = `,${JSON.stringify(key)}:`;
    return new JsonPage<T>(
      this.#records.map(
        (record, index) => `${record.slice(0, -1)}${member}${JSON.stringify(values[index] ?? null)}}`,
      ),
      this.total,
    );
  }

  /** The records as the JSON text of an array. */
  json(): Json<T[]> {
    return Json.trusted<T[]>(`[${this.#records.join(',')}]`);
  }

  /** The records as objects, for a service that works on them. */
  records(): T[] {
    return JSON.parse(this.json().text) as T[];
  }
}
