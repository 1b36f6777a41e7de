import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startTlsServer } from './tls-server.ts';

/**
 * Discord and Telegram as their documentation describes them, on loopback over https (the committed test
 * certificate), standing in for DISCORD_WEBHOOK_API_URL and TELEGRAM_API_URL:
 *
 * - Discord's execute webhook, `POST /api/webhooks/{webhook.id}/{webhook.token}`: a JSON body with `content`
 *   and/or `embeds` (neither: 400, code 50006), answered 204, or 200 with the message object when
 *   `?wait=true`; an unknown id or token 404 `{"message": "Unknown Webhook", "code": 10015}`; a rate limit
 *   429 `{"message", "retry_after" (seconds, a float), "global"}` with `Retry-After` and the `X-RateLimit-*`
 *   headers.
 * - Telegram's Bot API, `POST /bot<token>/sendMessage` with `chat_id`, `text`, `parse_mode`: `{"ok": true,
 *   "result": Message}`, or `{"ok": false, "error_code", "description"}` (401 Unauthorized for an unknown
 *   token, 400 "chat not found", 429 with `"parameters": {"retry_after": N}`).
 *
 * A test scripts a hook's next answers (`answers`): '429', '500', '302' (a redirect to another webhook of
 * this receiver, which a client must not follow), '404', '401', '400'. Every request is kept in `requests`,
 * every message delivered in `received`.
 */
export type ScriptedAnswer = '429' | '500' | '302' | '404' | '401' | '400' | 'hang' | 'huge';

export interface ReceivedMessage {
  kind: 'discord' | 'telegram';
  /** The Discord webhook id, or the Telegram bot token's id part. */
  hook: string;
  chatId?: string;
  body: Record<string, unknown>;
  at: number;
}

export interface HookRequest {
  path: string;
  at: number;
  status: number;
}

interface DiscordHook {
  id: string;
  token: string;
  answers: ScriptedAnswer[];
}
interface TelegramBot {
  token: string;
  chats: Set<string>;
  answers: ScriptedAnswer[];
}

export interface HookReceiver {
  /** The receiver's origin; DISCORD_WEBHOOK_API_URL is `${url}/api`, TELEGRAM_API_URL is `url`. */
  url: string;
  discordApiUrl: string;
  /** A new Discord webhook: its execute URL (what a seller pastes), id and token. */
  discord(answers?: ScriptedAnswer[]): { url: string; id: string; token: string; answers: ScriptedAnswer[] };
  /** A new Telegram bot that may post to `chatId`. */
  telegram(
    chatId?: string,
    answers?: ScriptedAnswer[],
  ): { token: string; chatId: string; answers: ScriptedAnswer[] };
  received: ReceivedMessage[];
  requests: HookRequest[];
  /** Resolves once `count` messages have reached `hook` (or fails after `timeoutMs`). */
  waitFor(hook: string, count?: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  if (body === undefined) return res.writeHead(status, headers).end();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
}

export async function startHookReceiver(options: { port?: number; acceptAny?: boolean } = {}) {
  const discordHooks = new Map<string, DiscordHook>();
  const bots = new Map<string, TelegramBot>();
  const received: ReceivedMessage[] = [];
  const requests: HookRequest[] = [];
  const waiters = new Set<() => void>();
  let messageId = 1000;

  const record = (m: ReceivedMessage) => {
    received.push(m);
    for (const wake of waiters) wake();
  };

  function discordRequest(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): number {
    const match = /^\/api\/(?:v\d+\/)?webhooks\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    let hook = match ? discordHooks.get(match[1]!) : undefined;
    if (match && !hook && options.acceptAny) {
      hook = { id: match[1]!, token: match[2]!, answers: [] };
      discordHooks.set(hook.id, hook);
    }
    if (!match || !hook || hook.token !== match[2]) {
      send(res, 404, { message: 'Unknown Webhook', code: 10015 });
      return 404;
    }
    if (req.method !== 'POST') {
      send(res, 405, { message: '405: Method Not Allowed', code: 0 });
      return 405;
    }
    const scripted = hook.answers.shift();
    if (scripted === '429') {
      const retryAfter = 0.3;
      send(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
        {
          'retry-after': '1',
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Date.now() / 1000 + retryAfter),
          'x-ratelimit-reset-after': String(retryAfter),
          'x-ratelimit-bucket': `webhook-${hook.id}`,
        },
      );
      return 429;
    }
    if (scripted === '302') {
      // To the webhook made just before this one: a client that followed would deliver there.
      const all = [...discordHooks.values()];
      const other = all[all.indexOf(hook) - 1];
      const to = other ? `/api/webhooks/${other.id}/${other.token}` : '/api/webhooks/0/none';
      res.writeHead(302, { location: `${base}${to}${url.search}` }).end();
      return 302;
    }
    if (scripted === '500') {
      send(res, 500, { message: '500: Internal Server Error', code: 0 });
      return 500;
    }
    if (scripted === '404') {
      send(res, 404, { message: 'Unknown Webhook', code: 10015 });
      return 404;
    }
    if (scripted === '401') {
      send(res, 401, { message: '401: Unauthorized', code: 0 });
      return 401;
    }
    if (scripted === 'hang') return 0;
    // A megabyte where Discord answers a few hundred bytes: a client reads only what it needs.
    if (scripted === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(1_048_576)}"`);
      return 200;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
    } catch {
      send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
      return 400;
    }
    const embeds = Array.isArray(body.embeds) ? body.embeds : [];
    if (!(typeof body.content === 'string' && body.content) && embeds.length === 0) {
      send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
      return 400;
    }
    record({ kind: 'discord', hook: hook.id, body, at: Date.now() });
    if (url.searchParams.get('wait') !== 'true') {
      send(res, 204);
      return 204;
    }
    send(res, 200, {
      id: String(messageId++),
      type: 0,
      content: body.content ?? '',
      embeds,
      channel_id: '100000000000000001',
      webhook_id: hook.id,
      author: { id: hook.id, username: 'CheatMarket', bot: true },
      timestamp: new Date().toISOString(),
    });
    return 200;
  }

  function telegramRequest(res: ServerResponse, url: URL, raw: string): number {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(url.pathname);
    let bot = match ? bots.get(match[1]!) : undefined;
    if (match && !bot && options.acceptAny) {
      bot = { token: match[1]!, chats: new Set(), answers: [] };
      bots.set(bot.token, bot);
    }
    if (!match) {
      send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      return 404;
    }
    if (!bot) {
      send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return 401;
    }
    const scripted = bot.answers.shift();
    if (scripted === '429') {
      send(res, 429, {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      });
      return 429;
    }
    if (scripted === '500') {
      send(res, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
      return 500;
    }
    if (scripted === '401') {
      send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return 401;
    }
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw);
    } catch {}
    const chatId = String(body.chat_id ?? '');
    if (!chatId || (!options.acceptAny && !bot.chats.has(chatId)) || scripted === '400') {
      send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      return 400;
    }
    if (typeof body.text !== 'string' || !body.text.trim()) {
      send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
      return 400;
    }
    if (
      body.parse_mode !== undefined &&
      !['HTML', 'MarkdownV2', 'Markdown'].includes(String(body.parse_mode))
    ) {
      send(res, 400, { ok: false, error_code: 400, description: 'Bad Request: unsupported parse_mode' });
      return 400;
    }
    const botId = bot.token.split(':')[0]!;
    record({ kind: 'telegram', hook: botId, chatId, body, at: Date.now() });
    send(res, 200, {
      ok: true,
      result: {
        message_id: messageId++,
        from: { id: Number(botId), is_bot: true, first_name: 'CheatMarket', username: 'cheatmarket_bot' },
        chat: { id: Number(chatId) || 0, type: chatId.startsWith('-') ? 'group' : 'private' },
        date: Math.floor(Date.now() / 1000),
        text: body.text,
      },
    });
    return 200;
  }

  const { server, url: base, close } = await startTlsServer(options.port);
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const raw = Buffer.concat(chunks).toString('utf8');
      // The e2e run reads what arrived from outside the server's process.
      if (req.method === 'GET' && url.pathname === '/_received') {
        const hook = url.searchParams.get('hook');
        return send(
          res,
          200,
          received.filter((m) => !hook || m.hook === hook),
        );
      }
      const status = url.pathname.startsWith('/api/')
        ? discordRequest(req, res, url, raw)
        : telegramRequest(res, url, raw);
      requests.push({ path: url.pathname, at: Date.now(), status });
    });
  });

  const receiver: HookReceiver = {
    url: base,
    discordApiUrl: `${base}/api`,
    received,
    requests,
    discord(answers = []) {
      const hook = { id: digits(18), token: randomBytes(48).toString('base64url'), answers };
      discordHooks.set(hook.id, hook);
      return { ...hook, url: `${base}/api/webhooks/${hook.id}/${hook.token}` };
    },
    telegram(chatId = `-100${digits(10)}`, answers = []) {
      const token = `${digits(10)}:${randomBytes(26).toString('base64url').slice(0, 35)}`;
      bots.set(token, { token, chats: new Set([chatId]), answers });
      return { token, chatId, answers };
    },
    waitFor(hook, count = 1, timeoutMs = 20_000) {
      const mine = () => received.filter((m) => m.hook === hook);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mine().length < count) return;
          clear();
          resolve(mine());
        };
        const timer = setTimeout(() => {
          clear();
          reject(new Error(`${mine().length} of ${count} messages reached ${hook} in ${timeoutMs} ms`));
        }, timeoutMs);
        const clear = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close,
  };
  return receiver;
}

// `node server/test/hook-receiver.ts <port>`: the receiver the e2e server sends to, taking any webhook.
if (import.meta.main) {
  const port = Number(process.argv[2] ?? 0);
  const receiver = await startHookReceiver({ port, acceptAny: true });
  process.stdout.write(`hook receiver on ${receiver.url}\n`);
}
