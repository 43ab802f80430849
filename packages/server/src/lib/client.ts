/** Who is calling, as far as the network tells: for rate limits, audits and sessions. */
export type TClient = { ip: string; userAgent?: string | undefined };
