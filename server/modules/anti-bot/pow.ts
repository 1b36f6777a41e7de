import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PowChallenge } from '../../../contract/anti-bot.ts';
import { antiBotMessages as m } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { spentChallenges } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { getAntiBotSettings } from '../site-settings/service.ts';

/** How long a challenge may be solved and used: a person filling a form, not a stockpile for later. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** The challenges' HMAC key, derived from the app secret (its own purpose, so it signs nothing else). */
export const powKey = (secret: string) =>
  createHmac('sha256', secret).update('altcha-challenge-v1').digest('base64url');

/**
 * A signed challenge: the client must find the number (0..cost) whose SHA-256 with the salt is `challenge`.
 * The cost and the expiry are parameters of the salt, so the signature covers them: a client can neither
 * stretch the expiry nor claim a cheaper challenge than it was given.
 */
export async function newChallenge(db: Db, key: string): Promise<PowChallenge> {
  const { powCost } = await getAntiBotSettings(db);
  const challenge = await createChallenge({
    hmacKey: key,
    algorithm: 'SHA-256',
    maxnumber: powCost,
    expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    params: { cost: String(powCost) },
  });
  return { ...challenge, algorithm: 'SHA-256', maxnumber: powCost };
}

const payloadShape = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0),
  salt: z.string().min(1).max(500),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const refuse = (message: string) => new AppError('VALIDATION', message, { altcha: message });

function parsePayload(raw: string) {
  try {
    return payloadShape.safeParse(JSON.parse(Buffer.from(raw, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

/**
 * Accepts a solved challenge once: refused when missing, not ours or wrong (signature or number), expired,
 * cheaper than the current cost, or already spent. A spent challenge is recorded (insert-or-refuse on its
 * signature) until it expires, when the clean-up sweeps it.
 */
export async function spendSolution(db: Db, key: string, raw: string | undefined) {
  if (!raw) throw new AppError('PROOF_OF_WORK_REQUIRED', m.missing, { altcha: m.missing });
  const payload = raw.length <= 2000 ? parsePayload(raw) : undefined;
  if (!payload || !(await verifySolution(payload, key, false))) throw refuse(m.invalid);
  const params = extractParams(payload);
  const expires = Number(params.expires) * 1000;
  if (!Number.isFinite(expires) || expires <= 0) throw refuse(m.invalid);
  if (expires < Date.now()) throw refuse(m.stale);
  const { powCost } = await getAntiBotSettings(db);
  if (!(Number(params.cost) >= powCost)) throw refuse(m.tooCheap);
  const spent = await db
    .insert(spentChallenges)
    .values({ signature: payload.signature, expiresAt: new Date(expires) })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  if (spent.length === 0) throw refuse(m.reused);
}

/** The clean-up's part: spent challenges past their expiry can no longer be replayed anyway. */
export async function sweepSpentChallenges(db: Db) {
  await db.delete(spentChallenges).where(sql`${spentChallenges.expiresAt} < now()`);
}
