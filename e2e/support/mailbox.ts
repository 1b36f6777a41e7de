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

/** Every message the dev mailbox holds for an address, oldest first (does not wait). */
export function mailsTo(address: string): StoredMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(E2E_DATA_DIR, 'mailbox')).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'mailbox', f), 'utf8')) as StoredMail)
    .filter((m) => m.to === address);
}

/** The newest message the dev mailbox holds for an address (waits for it to arrive). */
export async function latestMailTo(address: string): Promise<StoredMail> {
  const dir = path.join(E2E_DATA_DIR, 'mailbox');
  let found: StoredMail | undefined;
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(dir).sort();
      } catch {
        return undefined;
      }
      const mails = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail);
      found = mails.filter((m) => m.to === address).at(-1);
      return found?.to;
    })
    .toBe(address);
  return found!;
}

export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+reset-password#\S+/);
  expect(match, text).not.toBeNull();
  return match![0];
}
