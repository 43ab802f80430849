import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import type { TDatabase } from '../src/db/client.ts';
import { asc, isNotNull } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema/index.ts';
import type { Mailer, TMail } from '../src/lib/mailer.ts';
import { openTestDatabase, testConfig } from './test-app.ts';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type TPortal = {
  url: string;
  /** Mail the portal sent, newest last (activation codes, reset links), once what was due went out. */
  mails: () => Promise<TMail[]>;
  /** The portal's database, to arrange data the UI cannot make yet. */
  database: TDatabase;
  close(): Promise<void>;
};

/** Starts a real portal on a random local port, serving the built web app (for browser tests). */
export async function startPortal(options: { adminPassword?: string } = {}): Promise<TPortal> {
  const database = await openTestDatabase();
  const config = testConfig({
    webDist,
    ...(options.adminPassword ? { adminPassword: options.adminPassword } : {}),
    rateLimits: false,
  });
  const app = await buildApp(config, database, false);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // Links in mails point at this portal only once its port is known.
  config.publicUrl = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}/`,
    mails: () => sentMails({ database, mailer: app.services.mailer }),
    database,
    close: () => app.close(),
  };
}

/**
 * The mail a portal has sent, oldest first, read from its outbox table: its worker first sends
 * what is due, so a mail queued by an answered request is in the list.
 */
export async function sentMails(portal: { database: TDatabase; mailer: Mailer }): Promise<TMail[]> {
  await portal.mailer.drain();
  return portal.database.db
    .select({ to: mailOutbox.recipient, subject: mailOutbox.subject, text: mailOutbox.body })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.sentAt))
    .orderBy(asc(mailOutbox.id));
}
