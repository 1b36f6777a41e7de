import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ALTCHA_HEADER, type PowChallenge } from '../../contract/anti-bot.ts';

/**
 * Solves an ALTCHA challenge as the browser does (the number whose SHA-256 with the salt is the challenge),
 * with node:crypto's synchronous hash: the site's real cost, in milliseconds. Answers the X-Altcha payload.
 * The one-shot `hash`, not a `createHash` object per number: a third of the time (the suite solves hundreds).
 */
export function solveChallenge(challenge: PowChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const digest = hash('sha256', `${challenge.salt}${number}`, 'hex');
    if (digest === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: digest, number, salt, signature })).toString(
        'base64',
      );
    }
  }
  throw new Error('challenge has no solution');
}

/**
 * A fresh challenge from the app, solved: spread into a request's headers (sign-up, reset, first post). Asked
 * from `remoteAddress` when given (a test of per-IP limits asks as the client it plays).
 */
export async function altcha(
  app: FastifyInstance,
  remoteAddress?: string,
): Promise<Record<typeof ALTCHA_HEADER, string>> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/anti-bot/challenge', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return { [ALTCHA_HEADER]: solveChallenge(res.json()) };
}

/** The same from a running server (tests of child processes and instances). */
export async function altchaAt(base: string): Promise<Record<typeof ALTCHA_HEADER, string>> {
  const res = await fetch(`${base}/api/v1/anti-bot/challenge`);
  if (res.status !== 200) throw new Error(`challenge: ${res.status} ${await res.text()}`);
  return { [ALTCHA_HEADER]: solveChallenge((await res.json()) as PowChallenge) };
}

/** The routes that always ask for a solved challenge (their contract declares `proofOfWork: 'always'`). */
const alwaysProofOfWork = new Set(['/api/auth/sign-up/email', '/api/auth/request-password-reset']);

/** The X-Altcha header when `url` asks for one, else nothing: for tests that post to many auth routes. */
export async function altchaFor(app: FastifyInstance, url: string, remoteAddress?: string) {
  return alwaysProofOfWork.has(url) ? altcha(app, remoteAddress) : {};
}
