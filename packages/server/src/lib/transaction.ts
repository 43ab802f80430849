/** Runs work in one database transaction (given to services by the composition root). */
export type TTransaction = <T>(work: () => Promise<T>) => Promise<T>;
