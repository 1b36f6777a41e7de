import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';

/** One message as the test SMTP server received it: envelope, headers (lower-case names) and the raw text. */
export interface ReceivedMail {
  to: string[];
  headers: Record<string, string>;
  subject: string;
  raw: string;
  /** The plain-text and HTML parts, quoted-printable decoded. */
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /**
   * Answers each message's DATA with what this returns: undefined accepts, a number refuses with that
   * SMTP code (e.g. 550 for a hard bounce, 451 for a temporary failure), 'hang' never answers.
   */
  respond: (mail: ReceivedMail) => undefined | number | 'hang';
  close(): Promise<void>;
}

const decodeQp = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) as text. */
const decodeWords = (s: string) =>
  s.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, body: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : Buffer.from(
          body
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );

function part(raw: string, type: string) {
  const at = raw.indexOf(`Content-Type: ${type}`);
  if (at < 0) return '';
  const body = raw.slice(raw.indexOf('\r\n\r\n', at) + 4);
  const end = body.search(/\r\n--/);
  const chunk = end < 0 ? body : body.slice(0, end);
  return /Content-Transfer-Encoding: quoted-printable/i.test(raw.slice(at, raw.indexOf('\r\n\r\n', at)))
    ? decodeQp(chunk)
    : chunk;
}

function parse(raw: string, to: string[]): ReceivedMail {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return {
    to,
    headers,
    subject: decodeWords(headers.subject ?? ''),
    raw,
    text: part(raw, 'text/plain'),
    html: part(raw, 'text/html'),
  };
}

/** A real SMTP server on a free loopback port (the `smtp-server` package), recording what it accepts. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    received: [],
    respond: () => undefined,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parse(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        const answer = state.respond(mail);
        if (answer === 'hang') return;
        if (typeof answer === 'number')
          return callback(Object.assign(new Error(`refused (${answer})`), { responseCode: answer }));
        state.received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * The set-up the mail test files share: a real SMTP server on loopback, an app that runs its queue workers and
 * mails it, and the received list emptied before each test. `ready` receives both once made.
 */
export function mailSuite(ready: (suite: { t: TestApp; smtp: TestSmtp }) => void) {
  let made: { t: TestApp; smtp: TestSmtp } | undefined;
  beforeAll(async () => {
    const smtp = await startTestSmtp();
    const t = await buildTestApp({ smtpUrl: smtp.url, env: { JOB_WORKERS: 'true' } });
    made = { t, smtp };
    ready(made);
  });
  afterAll(async () => {
    await made?.t.close();
    await made?.smtp.close();
  });
  beforeEach(() => {
    if (made) made.smtp.received.length = 0;
  });
}
