import { and, eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { hookKindLabels, hookLimits } from '../../../contract/hooks.ts';
import { hookMessages as m } from '../../../contract/messages.ts';
import { hooks } from '../../db/schema/index.ts';
import { enqueue, type JobData } from '../../plugins/queue.ts';
import { type OutboundAnswer, postJsonOutbound, type publicHttpsAgent } from '../../security/outbound.ts';
import { notify } from '../notifications/service.ts';
import type { HookDeps } from './service.ts';

type Agent = ReturnType<typeof publicHttpsAgent>;
type SendJob = JobData['hook-send'];

/** Sends of one message: the first and four retries, over about five minutes of back-off. */
export const MAX_ATTEMPTS = 5;

/** Seconds before retry `attempt` + 1: 10 s doubling (20, 40, 80…), a fifth either way, at most an hour. */
export function backoffSeconds(attempt: number, random = Math.random) {
  const base = Math.min(10 * 2 ** attempt, 3600);
  return base * (0.8 + 0.4 * random());
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);

/** The request for one message, as Discord's execute-webhook and Telegram's sendMessage take it. */
export function requestFor(
  deps: Pick<HookDeps, 'telegramApiUrl' | 'publicUrl'>,
  hook: { kind: 'discord' | 'telegram'; secret: string; chatId: string | null },
  message: SendJob['message'],
): { url: string; body: unknown } {
  const link = `${deps.publicUrl}${message.path}`;
  if (hook.kind === 'discord')
    return {
      // wait=true: Discord answers 200 with the message once it is posted, not 204 before.
      url: `${hook.secret}?wait=true`,
      body: {
        content: message.title.slice(0, 2000),
        embeds: [{ title: message.title.slice(0, 256), description: message.text.slice(0, 4096), url: link }],
        // The text quotes members (a listing's title, a report's reason): never a ping.
        allowed_mentions: { parse: [] },
      },
    };
  return {
    url: `${deps.telegramApiUrl}/bot${hook.secret}/sendMessage`,
    body: {
      chat_id: hook.chatId,
      text: `<b>${escapeHtml(message.title)}</b>\n${escapeHtml(message.text)}\n${escapeHtml(link)}`.slice(
        0,
        4096,
      ),
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    },
  };
}

type Outcome =
  | { ok: true }
  | { ok: false; gone: boolean; retryAfter?: number; retry: boolean; counts: boolean; error: string };

function json(body: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * What an answer means. Gone (switched off at once): Discord's 401/403/404 (10015 Unknown Webhook), Telegram's
 * 401 (token revoked), 403 (bot blocked or removed) and 400 "chat not found". Retried: 429 after its
 * retry_after (not counted against the hook: a rate limit is not a broken hook), 5xx and no answer. Any
 * other answer, a redirect included (never followed), is a failure not retried.
 */
export function classify(kind: 'discord' | 'telegram', answer: OutboundAnswer): Outcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { ok: true };
  const body = json(answer.body);
  const said =
    kind === 'discord'
      ? `${status}${body.message ? ` ${String(body.message)}` : ''}`
      : `${status}${body.description ? ` ${String(body.description)}` : ''}`;
  const error = said.slice(0, 200);
  if (status === 429) {
    const params = (body.parameters ?? {}) as Record<string, unknown>;
    const seconds = Number(kind === 'discord' ? body.retry_after : params.retry_after);
    const header = Number(answer.headers['retry-after']);
    const retryAfter =
      Number.isFinite(seconds) && seconds >= 0 ? seconds : Number.isFinite(header) ? header : undefined;
    return { ok: false, gone: false, retry: true, counts: false, retryAfter, error };
  }
  const gone =
    status === 401 ||
    status === 403 ||
    status === 404 ||
    (kind === 'telegram' && status === 400 && /chat not found/i.test(String(body.description ?? '')));
  return { ok: false, gone, retry: status >= 500, counts: true, error };
}

/** One delivery: the request through the public-only agent, then the hook's record of how it went. */
export async function sendToHook(deps: HookDeps, agent: Agent, job: Job<SendJob>) {
  const { db } = deps;
  const [hook] = await db
    .select({ kind: hooks.kind, secret: hooks.secret, chatId: hooks.chatId, enabled: hooks.enabled })
    .from(hooks)
    .where(eq(hooks.id, job.data.hookId));
  if (!hook?.enabled) return 'skipped';
  const request = requestFor(deps, { ...hook, secret: deps.cipher.decrypt(hook.secret) }, job.data.message);
  let outcome: Outcome;
  try {
    outcome = classify(hook.kind, await postJsonOutbound(agent, request.url, request.body));
  } catch (err) {
    const refused =
      (err as NodeJS.ErrnoException).code === 'EREFUSED' || (err as Error).name === 'OutboundRefused';
    outcome = {
      ok: false,
      gone: false,
      retry: !refused,
      counts: true,
      error: refused ? m.refused : `no answer: ${(err as Error).message}`.slice(0, 200),
    };
  }
  if (outcome.ok) {
    await db
      .update(hooks)
      .set({ failures: 0, lastError: null, lastSentAt: sql`now()` })
      .where(eq(hooks.id, job.data.hookId));
    return 'sent';
  }
  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(hooks)
      .set({
        lastError: outcome.error,
        ...(outcome.counts ? { failures: sql`${hooks.failures} + 1` } : {}),
        ...(outcome.gone
          ? { enabled: false }
          : { enabled: sql`${hooks.failures} + ${outcome.counts ? 1 : 0} < ${hookLimits.maxFailures}` }),
      })
      .where(and(eq(hooks.id, job.data.hookId), eq(hooks.enabled, true)))
      .returning({ enabled: hooks.enabled, userId: hooks.userId, scope: hooks.scope, kind: hooks.kind });
    if (after && !after.enabled) await tellOwner(tx, deps.publicUrl, after, outcome.error);
    if (after?.enabled && outcome.retry && job.data.attempt + 1 < MAX_ATTEMPTS) {
      // A receiver's retry_after is honoured up to the back-off's own ceiling, an hour.
      const seconds = Math.min(outcome.retryAfter ?? backoffSeconds(job.data.attempt), 3600);
      await enqueue(
        tx,
        'hook-send',
        { ...job.data, attempt: job.data.attempt + 1 },
        { startAfter: new Date(Date.now() + seconds * 1000) },
      );
    }
  });
  return outcome.gone ? 'gone' : 'failed';
}

/** The owner hears that their hook was switched off: a notification and a mail, with the reason. */
async function tellOwner(
  tx: Parameters<typeof notify>[0],
  publicUrl: string,
  hook: { userId: string; scope: 'seller' | 'staff'; kind: 'discord' | 'telegram' },
  reason: string,
) {
  const content = m.disabled(hookKindLabels[hook.kind], reason);
  const path = hook.scope === 'seller' ? '/seller' : '/admin/settings';
  await notify(
    tx,
    { userId: hook.userId, type: 'hook_disabled', title: m.disabledTitle, content, data: { hookPath: path } },
    {
      mailNow: {
        template: 'notification',
        data: { title: m.disabledTitle, content, link: `${publicUrl}${path}`, action: 'Open your webhooks' },
      },
    },
  );
}
