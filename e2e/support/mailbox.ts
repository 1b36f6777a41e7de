import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
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
      mails.push(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail);
    } catch {
      return undefined;
    }
  }
  return mails.filter((m) => m.to === address);
}

/** The newest message the dev mailbox holds for an address (waits for it to arrive). */
export async function latestMailTo(address: string): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(() => {
      found = mailsTo(address)?.at(-1);
      return found?.to;
    })
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
