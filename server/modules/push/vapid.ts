import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';
import type { ContentCipher } from '../stock/key-crypto.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID pair push services know us by: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair made on first start
 * and kept in app_secrets encrypted with the content key (like license keys), so every instance signs alike
 * and a database dump does not hold the private key.
 */
export async function loadVapidKeys(
  db: Db,
  configured: { vapidPublicKey?: string; vapidPrivateKey?: string },
  cipher: ContentCipher,
): Promise<VapidKeys> {
  if (configured.vapidPublicKey && configured.vapidPrivateKey)
    return { publicKey: configured.vapidPublicKey, privateKey: configured.vapidPrivateKey };
  await db
    .insert(appSecrets)
    .values({ key: 'vapid', value: cipher.encrypt(JSON.stringify(webpush.generateVAPIDKeys())) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.key, 'vapid'));
  if (!row) throw new Error('VAPID keys missing after insert');
  return JSON.parse(cipher.decrypt(row.value)) as VapidKeys;
}
