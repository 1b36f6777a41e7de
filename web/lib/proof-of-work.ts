import { solveChallenge } from 'altcha-lib/v1';
import { useCallback, useState } from 'react';
import { ALTCHA_HEADER } from '../../contract/anti-bot.ts';
import { antiBotMessages } from '../../contract/messages/anti-bot.ts';
import { ApiError } from './api.ts';
import { antiBotRoutes } from './api-routes/anti-bot.gen.ts';
import toast from './toast.ts';

/**
 * Proof of work against bots (ALTCHA, issue 36): a challenge from our own server, solved in the browser with
 * altcha-lib's solver (WebCrypto SHA-256, one digest per await, so the page stays responsive), answered as the
 * X-Altcha header. Each challenge works once, so every submit solves a fresh one.
 */
export async function solvedHeaders(signal?: AbortSignal): Promise<Record<string, string>> {
  const challenge = await antiBotRoutes.challenge({ signal });
  const { promise, controller } = solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  );
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await promise;
  if (!solution) throw new ApiError(0, 'PROOF_OF_WORK', antiBotMessages.solveFailed);
  const { algorithm, salt, signature } = challenge;
  const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
  return { [ALTCHA_HEADER]: btoa(JSON.stringify(payload)) };
}

/** The same, announced while it runs ("Verifying you're human…"): for a post the server asked to prove. */
export async function solvedHeadersAnnounced(signal?: AbortSignal) {
  const id = toast.loading(antiBotMessages.solving);
  try {
    return await solvedHeaders(signal);
  } finally {
    toast.dismiss(id);
  }
}

/** For a form that always needs it (sign-up, reset request): `solving` while the browser works. */
export function useProofOfWork() {
  const [solving, setSolving] = useState(false);
  const solve = useCallback(async () => {
    setSolving(true);
    try {
      return await solvedHeaders();
    } finally {
      setSolving(false);
    }
  }, []);
  return { solving, solve };
}
