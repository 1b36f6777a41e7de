/**
 * Lighthouse's mobile score replayed offline (decision 073): one load gathered, then audited as often as wanted,
 * with the same score each time, so a change to one task can be priced without the host's noise.
 *
 *   npm run bench:replay -- gather …  (the same as node scripts/bench/lighthouse-replay.ts)
 *   node scripts/bench/lighthouse-replay.ts gather http://localhost:3000/ DIR   a load's trace and network log
 *   node scripts/bench/lighthouse-replay.ts tasks DIR                           its main thread's tasks (ms)
 *   node scripts/bench/lighthouse-replay.ts audit DIR                           score, blocking time, long tasks
 *   node scripts/bench/lighthouse-replay.ts whatif DIR OUT AT:FACTOR[:PIECES]…  the task starting AT ms made
 *       FACTOR times as long (0 removes it) or cut in PIECES equal tasks, into OUT, then audited
 *
 * CHROMIUM_PATH names another browser (Debian's headless shell by default, as npm run bench:web).
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const settings = { output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };

async function gather(url: string, dir: string) {
  rmSync(dir, { recursive: true, force: true });
  const chrome = await launchChrome({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    await lighthouse(url, { ...settings, port: chrome.port, gatherMode: dir });
  } finally {
    chrome.kill();
  }
}

async function audit(dir: string) {
  rmSync(`${dir}/lhr.report.json`, { force: true });
  const result = await lighthouse(undefined, { ...settings, auditMode: dir });
  if (!result) throw new Error(`no artifacts in ${dir}`);
  const { audits, categories, environment, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`the load failed: ${runtimeError.code} ${runtimeError.message}`);
  const figure = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  console.log(
    `score ${Math.round((categories.performance?.score ?? 0) * 100)}  blocking ${figure('total-blocking-time')} ms  ` +
      `first paint ${figure('first-contentful-paint')} ms  largest ${figure('largest-contentful-paint')} ms  ` +
      `host ${Math.round(environment.benchmarkIndex)}`,
  );
  const items = (
    audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] }
  )?.items;
  console.log(
    `  long tasks (simulated): ${(items ?? []).map((i) => `${i.url.split('/').pop() || 'document'}@${Math.round(i.startTime)}:${Math.round(i.duration)}`).join(' ')}`,
  );
}

/** The renderer's main thread: the CrRendererMain thread that ran the most. */
function mainThread(events: TraceEvent[]) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && e.ph === 'X' && mains.has(key))
      busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const [key] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!key) throw new Error('the trace has no renderer main thread');
  const [pid, tid] = key.split(':').map(Number);
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  return { mine, start: Math.min(...mine.map((e) => e.ts)) };
}

const readTrace = (dir: string) =>
  JSON.parse(readFileSync(`${dir}/trace.json`, 'utf8')) as { traceEvents: TraceEvent[] };
const ms = (us: number) => (us / 1000).toFixed(0);

function tasks(dir: string) {
  const { mine, start } = mainThread(readTrace(dir).traceEvents);
  const paint = readTrace(dir).traceEvents.find((e) => e.name === 'firstContentfulPaint');
  if (paint) console.log(`first paint (observed) at ${ms(paint.ts - start)} ms`);
  const shown = [
    'FunctionCall',
    'EvaluateScript',
    'v8.evaluateModule',
    'TimerFire',
    'EventDispatch',
    'RunMicrotasks',
  ];
  for (const task of mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 8000)) {
    const end = task.ts + (task.dur ?? 0);
    const parts = mine
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 1000)
      .filter((e) => shown.includes(e.name) || ['UpdateLayoutTree', 'Layout', 'ParseHTML'].includes(e.name))
      .map(
        (e) =>
          `${e.name}${e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : ''} ${ms(e.dur ?? 0)}`,
      );
    console.log(`${ms(task.ts - start).padStart(6)} +${ms(task.dur ?? 0).padStart(4)}: ${parts.join(', ')}`);
  }
}

function whatIf(dir: string, out: string, edits: string[]) {
  rmSync(out, { recursive: true, force: true });
  cpSync(dir, out, { recursive: true });
  const trace = readTrace(dir);
  const { mine, start } = mainThread(trace.traceEvents);
  for (const edit of edits) {
    const [at = Number.NaN, factor = Number.NaN, pieces = 1] = edit.split(':').map(Number);
    const task = mine
      .filter((e) => e.name === 'RunTask' && Math.abs((e.ts - start) / 1000 - at) < 1.5)
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
    if (!task || factor === undefined || Number.isNaN(factor))
      throw new Error(`no task starts at ${at} ms (${edit})`);
    const from = task.ts;
    const inside = mine.filter((e) => e !== task && e.ts >= from && e.ts <= from + (task.dur ?? 0));
    for (const e of [task, ...inside]) {
      e.ts = from + (e.ts - from) * factor;
      if (e.dur) e.dur *= factor;
      if (e.tdur) e.tdur *= factor;
    }
    if (pieces > 1) {
      const piece = (task.dur ?? 0) / pieces;
      task.dur = piece;
      if (task.tdur) task.tdur = piece;
      for (const e of inside)
        if (e.ts < from + piece && e.ts + (e.dur ?? 0) > from + piece) e.dur = from + piece - e.ts;
      for (let i = 1; i < pieces; i++) trace.traceEvents.push({ ...task, ts: from + i * piece + 1 });
    }
  }
  writeFileSync(`${out}/trace.json`, JSON.stringify(trace));
}

const [command, ...args] = process.argv.slice(2);
if (command === 'gather' && args[0] && args[1]) {
  await gather(args[0], args[1]);
  await audit(args[1]);
} else if (command === 'audit' && args[0]) await audit(args[0]);
else if (command === 'tasks' && args[0]) tasks(args[0]);
else if (command === 'whatif' && args[0] && args[1] && args.length > 2) {
  whatIf(args[0], args[1], args.slice(2));
  await audit(args[1]);
} else {
  console.error(
    'usage: lighthouse-replay.ts gather URL DIR | audit DIR | tasks DIR | whatif DIR OUT AT:FACTOR[:PIECES]…',
  );
  process.exit(2);
}
