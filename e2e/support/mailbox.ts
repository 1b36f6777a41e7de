import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  /** The mailbox file it was read from. */
  file: string;
}

/**
 * Every message the dev mailbox holds for an address, oldest first, or undefined while a file is still
 * being written (the server writes in place): poll it with expect.poll, which reads again.
 */
export function mailsTo(address: string): StoredMail[] | undefined {
  const dir = path.join(E2E_DATA_DIR, 'mailbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const mails: StoredMail[] = [];
  for (const f of files) {
    try {
      const file = path.join(dir, f);
      mails.push({ ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<StoredMail, 'file'>), file });
    } catch {
      return undefined;
    }
  }
  return mails.filter((m) => m.to === address);
}

/**
 * How often a wait for a mail reads the mailbox: the server writes a sign-up's mail within about 100 ms of
 * its answer, so expect.poll's default steps (100, 250, 500 ms, then every second) mostly waited past it.
 */
const MAIL_POLL = { intervals: [50, 50, 100, 100, 250] };

/** The newest message the dev mailbox holds for an address (waits for it to arrive). */
export async function latestMailTo(address: string): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(() => {
      found = mailsTo(address)?.at(-1);
      return found?.to;
    }, MAIL_POLL)
    .toBe(address);
  return found!;
}

/** The token of a verification mail's link (`/verify-email#token=…`). */
export function verifyTokenIn(text: string): string {
  const match = text.match(/\/verify-email#token=(\S+)/);
  expect(match, text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** The verification mail's link. */
export function verifyLinkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+verify-email#\S+/);
  expect(match, text).not.toBeNull();
  return match![0];
}

export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+reset-password#\S+/);
  expect(match, text).not.toBeNull();
  return match![0];
}

/**
 * Takes a mail out of the mailbox once the harness has used it (createUser's verification link), so a spec
 * about the member's later mail counts and reads that mail only, as before members verified their address.
 */
export function consumeMail(mail: StoredMail) {
  rmSync(mail.file, { force: true });
}
