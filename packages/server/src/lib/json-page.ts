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
  /** The records' text: joined by RECORD_SEPARATOR as PostgreSQL wrote them, or one string each. */
  readonly #text: string | readonly string[];

  private constructor(text: string | readonly string[], total: number) {
    this.#text = text;
    this.total = total;
  }

  /** A page of records, each the JSON text of one object, in order. */
  static of<T extends object>(records: readonly string[], total: number): JsonPage<T> {
    return new JsonPage<T>(records, total);
  }

  /**
   * A page from its records' text joined by RECORD_SEPARATOR (null: none), in order; kept joined
   * until a member is added, so a page sent as it was read is never cut up.
   */
  static fromJoined<T extends object>(joined: string | null, total: number): JsonPage<T> {
    return new JsonPage<T>(joined ?? [], total);
  }

  get #records(): readonly string[] {
    return typeof this.#text === 'string' ? this.#text.split(RECORD_SEPARATOR) : this.#text;
  }

  /** How many records the page holds. */
  get size(): number {
    return this.#records.length;
  }

  /**
   * The page with more members on every record, each member's values in the page's order, all
   * added in one pass. Each record is an object written by PostgreSQL, so the members go in before
   * its closing brace.
   */
  with<K extends keyof T & string>(members: { [M in K]: ReadonlyArray<T[M]> }): JsonPage<T> {
    const records = this.#records;
    const added = Object.entries(members as Record<string, readonly unknown[]>).map(([key, values]) => {
      if (values.length !== records.length)
        throw new Error(`${key}: ${values.length} values for ${records.length} records`);
      return { member: `,${JSON.stringify(key)}:`, values };
    });
    return new JsonPage<T>(
      records.map((record, index) => {
        let text = record.slice(0, -1);
        for (const { member, values } of added) text += `${member}${JSON.stringify(values[index] ?? null)}`;
        return `${text}}`;
      }),
      this.total,
    );
  }

  /** The records as the JSON text of an array. */
  json(): Json<T[]> {
    const text = this.#text;
    const body = typeof text === 'string' ? text.replaceAll(RECORD_SEPARATOR, ',') : text.join(',');
    return Json.trusted<T[]>(`[${body}]`);
  }

  /** The records as objects, for a service that works on them. */
  records(): T[] {
    return JSON.parse(this.json().text) as T[];
  }
}
