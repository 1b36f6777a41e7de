import { hkdfSync } from 'node:crypto';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { createContentCipher } from '../../security/content-cipher.ts';
import { storedSecret } from '../auth/secret.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID pair push services know us by: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair made on first start
 * and kept in app_secrets encrypted with a key derived from the auth secret, which every instance shares (in
 * production AUTH_SECRET, from the environment: a database dump then does not hold the private key).
 */
export async function loadVapidKeys(
  db: Db,
  configured: { vapidPublicKey?: string; vapidPrivateKey?: string },
  authSecret: string,
): Promise<VapidKeys> {
  if (configured.vapidPublicKey && configured.vapidPrivateKey)
    return { publicKey: configured.vapidPublicKey, privateKey: configured.vapidPrivateKey };
  const cipher = createContentCipher(
    Buffer.from(hkdfSync('sha256', authSecret, Buffer.alloc(0), 'vapid-keys', 32)),
  );
  const stored = await storedSecret(db, 'vapid', () =>
    cipher.encrypt(JSON.stringify(webpush.generateVAPIDKeys())),
  );
  return JSON.parse(cipher.decrypt(stored)) as VapidKeys;
}
