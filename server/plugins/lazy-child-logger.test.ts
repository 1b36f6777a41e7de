import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './logging.ts';

/* A request's logger is made only when the request logs something its level lets through (issue 38). */

function parentAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const parent = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const made = vi.spyOn(parent, 'child');
  return { parent: parent as unknown as FastifyBaseLogger, lines, made };
}
const requestLogger = (parent: FastifyBaseLogger, options = {}) =>
  lazyChildLogger.call({} as never, parent, { reqId: 'req-7' }, options, {} as never);

describe('lazyChildLogger', () => {
  it('makes no child for lines its level drops', () => {
    const { parent, lines, made } = parentAt('warn');
    const log = requestLogger(parent);
    log.info('dropped');
    log.debug({ detail: 1 }, 'dropped too');
    expect(made).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('makes the child once, at the first line that goes out, with the request id on every line', () => {
    const { parent, lines, made } = parentAt('warn');
    const log = requestLogger(parent);
    log.warn({ route: '/x' }, 'first');
    log.error('second');
    log.info('still dropped');
    expect(made).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['req-7', 'first', 40],
      ['req-7', 'second', 50],
    ]);
    expect(lines[0]).toMatchObject({ route: '/x' });
  });

  it('honours a level given for the child over the parent', () => {
    const { parent, lines } = parentAt('info');
    const quiet = requestLogger(parent, { level: 'error' });
    quiet.warn('dropped by the child level');
    expect(lines).toEqual([]);
    expect(quiet.level).toBe('error');
    quiet.error('kept');
    expect(lines.map((l) => l.msg)).toEqual(['kept']);
  });

  it('hands out children of the request logger, carrying its bindings', () => {
    const { parent, lines } = parentAt('info');
    requestLogger(parent).child({ job: 'mail' }).info('nested');
    expect(lines[0]).toMatchObject({ reqId: 'req-7', job: 'mail', msg: 'nested' });
  });
});
