import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import {
  discordWebhookPath,
  type Hook,
  type HookBody,
  type HookEvent,
  hookLimits,
} from '../../../contract/hooks.ts';
import { hookMessages as m } from '../../../contract/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { hooks } from '../../db/schema/index.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import { enqueue, enqueueMany } from '../../plugins/queue.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import type { ContentCipher } from '../../security/content-cipher.ts';
import { isAllowedOutboundUrl } from '../../security/outbound.ts';
import { audit } from '../audit/service.ts';

export type HookScope = 'seller' | 'staff';

export interface HookDeps {
  db: Db;
  cipher: ContentCipher;
  /** Where Discord webhook URLs may point (Discord's own in production) and Telegram's Bot API. */
  discordApiUrls: string[];
  telegramApiUrl: string;
  allowPrivate: boolean;
  publicUrl: string;
}

/** What an event says, whatever the hook's kind: a title, a line of text, and a link to the site. */
export interface HookMessage {
  title: string;
  text: string;
  /** A path on the site (`/orders`), made absolute when sent. */
  path: string;
}

const shown = {
  id: hooks.id,
  kind: hooks.kind,
  secretMasked: hooks.secretMasked,
  chatId: hooks.chatId,
  events: hooks.events,
  enabled: hooks.enabled,
  failures: hooks.failures,
  lastError: hooks.lastError,
  lastSentAt: hooks.lastSentAt,
  createdAt: hooks.createdAt,
};
type ShownRow = Omit<Hook, 'lastSentAt' | 'createdAt'> & { lastSentAt: Date | null; createdAt: Date };
const toHook = (r: ShownRow): Hook => ({
  ...r,
  lastSentAt: r.lastSentAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Seller hooks are their owner's; the staff hooks are every admin's (whoever set one). */
const ownedBy = (scope: HookScope, viewer: Viewer) =>
  scope === 'seller' ? and(eq(hooks.scope, 'seller'), eq(hooks.userId, viewer.id)) : eq(hooks.scope, 'staff');

export async function listHooks(db: Db, viewer: Viewer, scope: HookScope) {
  const rows = await db.select(shown).from(hooks).where(ownedBy(scope, viewer)).orderBy(hooks.createdAt);
  return { items: rows.map(toHook) };
}

/** All but the ends of a secret: enough to tell two hooks apart, never enough to use one. */
export function maskSecret(kind: Hook['kind'], secret: string) {
  if (kind === 'telegram') {
    const [botId, key = ''] = secret.split(':');
    return `${botId}:••••••••${key.slice(-4)}`;
  }
  const cut = secret.lastIndexOf('/');
  return `${secret.slice(0, cut + 1)}••••••••${secret.slice(-4)}`;
}

/**
 * A Discord URL must be an execute-webhook address on Discord (DISCORD_WEBHOOK_API_URL in tests), and either kind
 * must lead to a public https address: checked again by the agent's own lookup at every send.
 */
function checkedSecret(deps: HookDeps, body: HookBody): { secret: string; target: string } {
  if (body.kind === 'discord') {
    const onDiscord = deps.discordApiUrls.some(
      (base) =>
        body.url.startsWith(`${base}/`) && /^(v\d+\/)?webhooks\//.test(body.url.slice(base.length + 1)),
    );
    if (!onDiscord || !discordWebhookPath.test(body.url))
      throw new AppError('UNPROCESSABLE', m.discordUrlInvalid, { url: m.discordUrlInvalid });
    return { secret: body.url, target: body.url };
  }
  return { secret: body.botToken, target: `${deps.telegramApiUrl}/bot${body.botToken}/sendMessage` };
}

export async function addHook(deps: HookDeps, viewer: Viewer, scope: HookScope, body: HookBody) {
  const { secret, target } = checkedSecret(deps, body);
  if (!isAllowedOutboundUrl(target, deps.allowPrivate))
    throw new AppError('UNPROCESSABLE', m.refused, body.kind === 'discord' ? { url: m.refused } : {});
  return deps.db.transaction(async (tx) => {
    // One at a time per owner, so two adds cannot both pass the count.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`hooks:${scope}:${scope === 'seller' ? viewer.id : ''}`}))`,
    );
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(hooks).where(ownedBy(scope, viewer));
    if (n >= hookLimits.perOwner) throw new AppError('CONFLICT', m.tooMany);
    const [row] = await tx
      .insert(hooks)
      .values({
        userId: viewer.id,
        scope,
        kind: body.kind,
        secret: deps.cipher.encrypt(secret),
        secretMasked: maskSecret(body.kind, secret),
        chatId: body.kind === 'telegram' ? body.chatId : null,
        events: [...new Set(body.events)],
      })
      .returning(shown);
    const added = toHook(row!);
    if (scope === 'staff')
      await audit(tx, viewer, {
        action: 'hook.add',
        targetType: 'hook',
        targetId: added.id,
        after: { kind: added.kind, secret: added.secretMasked, chatId: added.chatId, events: added.events },
      });
    return added;
  });
}

export async function removeHook(db: Db, viewer: Viewer, scope: HookScope, id: string) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(hooks)
      .where(and(eq(hooks.id, id), ownedBy(scope, viewer)))
      .returning(shown);
    orNotFound(gone, m.notFound);
    if (scope === 'staff')
      await audit(tx, viewer, {
        action: 'hook.remove',
        targetType: 'hook',
        targetId: id,
        before: { kind: gone!.kind, secret: gone!.secretMasked, chatId: gone!.chatId, events: gone!.events },
      });
  });
}

/** Queues a test message to one hook, through the same job and checks as any event. */
export async function testHook(db: Db, viewer: Viewer, scope: HookScope, id: string) {
  const [row] = await db
    .select({ enabled: hooks.enabled })
    .from(hooks)
    .where(and(eq(hooks.id, id), ownedBy(scope, viewer)));
  if (!orNotFound(row, m.notFound).enabled) throw new AppError('CONFLICT', m.notEnabled);
  await enqueue(db, 'hook-send', {
    hookId: id,
    event: 'test',
    message: {
      title: 'CheatMarket',
      text: m.testText,
      path: scope === 'seller' ? '/seller' : '/admin/settings',
    },
    attempt: 0,
  });
  return { queued: true as const };
}

/**
 * The ids of a seller's enabled hooks that take `event`, as an array column of a statement the event runs
 * anyway (the purchase's lock): a sale by a seller without hooks costs no statement of its own.
 */
export const sellerHooksWanting = (sellerId: SQL, event: HookEvent) =>
  sql`(select coalesce(array_agg(h.id), '{}') from ${hooks} h
    where h.scope = 'seller' and h.user_id = ${sellerId} and h.enabled and ${event}::text = any(h.events))`;

/** One delivery job per hook (ids from `sellerHooksWanting`), in the event's transaction. */
export function deliverTo(tx: Tx | Db, hookIds: string[], event: HookEvent, message: HookMessage) {
  return enqueueMany(
    tx,
    'hook-send',
    hookIds.map((hookId) => ({ hookId, event, message, attempt: 0 })),
  );
}

/**
 * The one call an event makes, inside its own transaction: one delivery job per enabled hook of the owner
 * (a seller's id, or 'staff') that takes the event. A rollback drops the jobs with the event. Nothing is
 * queued when no hook wants it: one indexed read.
 */
export async function announce(
  tx: Tx | Db,
  owner: { sellerId: string } | 'staff',
  event: HookEvent,
  message: HookMessage,
) {
  const wanted = await tx
    .select({ id: hooks.id })
    .from(hooks)
    .where(
      and(
        owner === 'staff'
          ? eq(hooks.scope, 'staff')
          : and(eq(hooks.scope, 'seller'), eq(hooks.userId, owner.sellerId)),
        eq(hooks.enabled, true),
        sql`${event} = any(${hooks.events})`,
      ),
    );
  await deliverTo(
    tx,
    wanted.map((h) => h.id),
    event,
    message,
  );
}
