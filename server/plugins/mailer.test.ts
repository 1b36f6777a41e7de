import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });

describe('mailer', () => {
  it('sends through SMTP_URL to a real SMTP receiver', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'CM <cm@example.com>',
        dataDir: '/nonexistent',
        log,
      });
      expect(mailer.kind).toBe('smtp');
      await mailer.send({
        to: 'member@example.com',
        subject: 'Hello there',
        text: 'Reset link: http://x/reset',
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Hello there');
      expect(received[0]).toContain('To: member@example.com');
      expect(received[0]).toContain('Reset link: http://x/reset');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('without SMTP_URL keeps each message in the dev mailbox under DATA_DIR', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-mail-'));
    try {
      const mailer = createMailer({ from: 'CM <cm@example.com>', dataDir: dir, log });
      expect(mailer.kind).toBe('dev-mailbox');
      await mailer.send({ to: 'member@example.com', subject: 'Reset', text: 'link' });
      const files = readdirSync(path.join(dir, 'mailbox'));
      expect(files).toHaveLength(1);
      expect(JSON.parse(readFileSync(path.join(dir, 'mailbox', files[0]!), 'utf8'))).toMatchObject({
        to: 'member@example.com',
        subject: 'Reset',
        text: 'link',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
