import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { lazy } from './lazy.ts';

export type TMail = { to: string; subject: string; text: string };

/** Sends mail through SMTP_URL, or writes one .eml per message to <DATA_DIR>/outbox. */
export class Mailer {
  /** nodemailer's transport, made with the first message. */
  readonly #transport: () => Promise<Transporter>;
  readonly #outbox: string | undefined;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  /** The messages sent by this process, newest last (tests read them). */
  readonly sent: TMail[] = [];

  constructor(options: {
    smtpUrl: string | undefined;
    outbox: string | undefined;
    from: string;
    log: FastifyBaseLogger;
  }) {
    this.#from = options.from;
    this.#log = options.log;
    this.#outbox = options.smtpUrl ? undefined : options.outbox;
    this.#transport = lazy(async () => {
      const { default: nodemailer } = await import('nodemailer');
      return options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    });
  }

  async send(mail: TMail): Promise<void> {
    this.sent.push(mail);
    const transport = await this.#transport();
    const info: unknown = await transport.sendMail({ from: this.#from, ...mail });
    if (!this.#outbox) {
      this.#log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    const message = (info as { message?: Buffer }).message;
    if (!message) return;
    await fs.mkdir(this.#outbox, { recursive: true });
    const file = path.join(
      this.#outbox,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${this.sent.length}.eml`,
    );
    await fs.writeFile(file, message);
    this.#log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
  }
}
