import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** The Message-ID header (`<id@host>`), the same on every send of one mail. */
  messageId?: string;
  /**
   * The address is suppressed (hard bounce or staff): nothing goes out; the dev mailbox still records
   * what would have been sent, marked so.
   */
  suppressed?: boolean;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'dev-mailbox';
}

/** An SMTP refusal that will not change on retry (5xx): the address is suppressed instead of retried. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * SMTP when SMTP_URL is set; otherwise a dev mailbox: each message is written to
 * DATA_DIR/mailbox as JSON (its file named in the log), so a reset link works with no mail server at all.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send({ suppressed, ...message }) {
        if (suppressed) {
          opts.log.info(
            { to: message.to, subject: message.subject },
            'mail to a suppressed address not sent',
          );
          return;
        }
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mailbox');
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomUUID()}.json`);
      await writeFile(
        file,
        JSON.stringify({ from: opts.from, ...message, sentAt: new Date().toISOString() }),
      );
      // Never the text: it carries reset links. The file holds it for whoever runs the server.
      opts.log.info(
        { to: message.to, subject: message.subject, file, suppressed: message.suppressed ?? false },
        'dev mailbox: message saved',
      );
    },
  };
}
