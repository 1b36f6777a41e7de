import { createHash } from 'node:crypto';
import type { drizzleAdapter } from 'better-auth/adapters/drizzle';

/**
 * What `sessions.token` holds for a session whose cookie carries `token`: its SHA-256 (hex). A backup or a
 * read of the table gives nothing that signs in; the cookie keeps the raw token (issue 36). The token is 32
 * random characters (about 190 bits), so a plain hash cannot be searched back; migration 0026 hashes the
 * tokens stored before with the same function in SQL (`encode(sha256(convert_to(token, 'UTF8')), 'hex')`).
 */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type Adapter = ReturnType<AdapterFactory>;
type Where = NonNullable<Parameters<Adapter['findMany']>[0]['where']>[number];
type Row = Record<string, unknown>;

const isSession = (model: string) => model === 'session' || model === 'sessions';

/**
 * A session query's conditions with every `token` value hashed, and the raw token of each hash, so the rows
 * found are handed back to better-auth with the raw token it asked for (it sets the cookie from them).
 */
function hashWhere(where: Where[] | undefined, raws: Map<string, string>): Where[] | undefined {
  return where?.map((w) => {
    if (w.field !== 'token') return w;
    const hash = <V>(raw: V): V => {
      if (typeof raw !== 'string') return raw;
      const hashed = hashSessionToken(raw);
      raws.set(hashed, raw);
      return hashed as V;
    };
    return { ...w, value: Array.isArray(w.value) ? (w.value.map(hash) as typeof w.value) : hash(w.value) };
  });
}

function restore<T>(row: T, raws: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as Row).token;
  if (typeof token !== 'string') return row;
  const raw = raws.get(token);
  return raw === undefined ? row : ({ ...(row as Row), token: raw } as T);
}

/** A session call that answers one row, run with its conditions hashed; the row comes back with the raw token. */
async function oneRow<T>(where: Where[] | undefined, call: (hashed: Where[]) => Promise<T>): Promise<T> {
  const raws = new Map<string, string>();
  return restore(await call(hashWhere(where, raws) ?? []), raws);
}

/**
 * better-auth's adapter with session tokens stored hashed: a session is created with the hash of its token
 * (and returned with the raw one, for the cookie), and every lookup, update or delete by token compares
 * hashes. A session row read by anything else (by user, say) carries the hash, which no cookie can present.
 */
function hashingAdapter<A extends Omit<Adapter, 'transaction'>>(inner: A): A {
  const wrapped: A = {
    ...inner,
    async create(args) {
      if (!isSession(args.model)) return inner.create(args);
      const data = args.data as Row;
      if (typeof data.token !== 'string') return inner.create(args);
      const raw = data.token;
      const created = await inner.create({ ...args, data: { ...data, token: hashSessionToken(raw) } });
      return restore(created, new Map([[hashSessionToken(raw), raw]]));
    },
    async findOne(args) {
      if (!isSession(args.model)) return inner.findOne(args);
      return oneRow(args.where, (where) => inner.findOne({ ...args, where }));
    },
    async findMany(args) {
      if (!isSession(args.model)) return inner.findMany(args);
      const raws = new Map<string, string>();
      const found = await inner.findMany({ ...args, where: hashWhere(args.where, raws) });
      return found.map((row) => restore(row, raws));
    },
    async count(args) {
      if (!isSession(args.model)) return inner.count(args);
      return inner.count({ ...args, where: hashWhere(args.where, new Map()) });
    },
    async update(args) {
      if (!isSession(args.model)) return inner.update(args);
      const update = { ...args.update };
      if (typeof update.token === 'string') update.token = hashSessionToken(update.token);
      return oneRow(args.where, (where) => inner.update({ ...args, where, update }));
    },
    async updateMany(args) {
      if (!isSession(args.model)) return inner.updateMany(args);
      return inner.updateMany({ ...args, where: hashWhere(args.where, new Map()) ?? [] });
    },
    async delete(args) {
      if (!isSession(args.model)) return inner.delete(args);
      return inner.delete({ ...args, where: hashWhere(args.where, new Map()) ?? [] });
    },
    async deleteMany(args) {
      if (!isSession(args.model)) return inner.deleteMany(args);
      return inner.deleteMany({ ...args, where: hashWhere(args.where, new Map()) ?? [] });
    },
    async consumeOne(args) {
      if (!isSession(args.model)) return inner.consumeOne(args);
      return oneRow(args.where, (where) => inner.consumeOne({ ...args, where }));
    },
    async incrementOne(args) {
      if (!isSession(args.model)) return inner.incrementOne(args);
      return oneRow(args.where, (where) => inner.incrementOne({ ...args, where }));
    },
  };
  return wrapped;
}

/** Wraps a better-auth adapter factory (drizzleAdapter's) so its sessions store hashed tokens. */
export function hashSessionTokens(factory: AdapterFactory): AdapterFactory {
  return (options) => {
    const inner = factory(options);
    return {
      ...hashingAdapter(inner),
      transaction: (callback) => inner.transaction((trx) => callback(hashingAdapter(trx))),
    };
  };
}
