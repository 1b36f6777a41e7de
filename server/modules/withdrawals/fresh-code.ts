import { timingSafeEqual } from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq, lt } from 'drizzle-orm';
import { withdrawalMessages as m } from '../../../contract/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { spentTotpSteps, twoFactors } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { AppError } from '../../plugins/errors.ts';

/*
 * A fresh authenticator code for a money action (decision 032): the 6-digit TOTP of the current 30-second step
 * or either neighbour, read from the secret better-auth's twoFactor plugin keeps encrypted with the auth secret.
 * Each step is spent once per member (spent_totp_steps), so a code seen over a shoulder or replayed from a log
 * moves nothing. Backup codes are not accepted here: they are for getting back into the account.
 */

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** better-auth's marker for a secret imported from another provider (stored base32). */
const BASE32_PREFIX = 'base32:';

async function totpSecret(authSecret: string, stored: string) {
  const secret = await symmetricDecrypt({ key: authSecret, data: stored });
  return secret.startsWith(BASE32_PREFIX)
    ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase())
    : secret;
}

const invalid = () => new AppError('VALIDATION', m.codeInvalid, { code: m.codeInvalid });

/**
 * Checks `code` against the member's authenticator and spends its step in the caller's transaction (a rollback
 * leaves it unspent). Throws 400 codeInvalid for a wrong code, 409 codeUsed for one already spent.
 */
export async function spendFreshCode(
  tx: Tx,
  input: { authSecret: string; userId: string; code: string; now?: number },
) {
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(input.code)) throw invalid();
  const [row] = await tx
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, input.userId));
  if (!row) throw new AppError('FORBIDDEN', m.twoFactorRequired);
  const otp = createOTP(await totpSecret(input.authSecret, row.secret), {
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
  const current = Math.floor((input.now ?? Date.now()) / 1000 / PERIOD_SECONDS);
  const given = Buffer.from(input.code);
  let matched: number | undefined;
  // Every candidate is compared, in constant time, whichever matches.
  for (const step of [current - 1, current, current + 1]) {
    const same = timingSafeEqual(Buffer.from(await otp.hotp(step)), given);
    if (same && matched === undefined) matched = step;
  }
  if (matched === undefined) throw invalid();
  try {
    await tx.insert(spentTotpSteps).values({ userId: input.userId, step: matched });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', m.codeUsed, { code: m.codeUsed });
    throw err;
  }
}

/**
 * Forgets spent steps that no code can name any more (older than the window): the clean-up job's part, so the
 * table holds minutes of codes, not years.
 */
export async function pruneSpentSteps(db: Db | Tx, now = Date.now()) {
  const oldest = Math.floor(now / 1000 / PERIOD_SECONDS) - 2;
  await db.delete(spentTotpSteps).where(lt(spentTotpSteps.step, oldest));
}
