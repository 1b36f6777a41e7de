import { execFileSync } from 'node:child_process';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * A test file that never ends stops the whole run without a word: Vitest's test and hook timeouts cannot
 * fire while a worker's event loop is blocked (a synchronous child process, a query inside PGlite's WASM) or
 * before the file's tests are collected, and the summary waits for every file. CI then ran into its 90-minute
 * limit with the last finished file as the only output. This reporter names a file running past WARN_AFTER_MS
 * (the slowest takes about two minutes on a loaded machine), its last test, and the process tree under the
 * run (a worker blocked on a child shows that child), then ends the run at STOP_AFTER_MS so the log's tail
 * says what hung.
 */
const WARN_AFTER_MS = Number(process.env.TEST_WATCHDOG_WARN_MS ?? 8 * 60_000);
const STOP_AFTER_MS = Number(process.env.TEST_WATCHDOG_STOP_MS ?? 14 * 60_000);

interface Running {
  name: string;
  since: number;
  lastTest?: string;
  warned: boolean;
}

export default class WatchdogReporter implements Reporter {
  private running = new Map<string, Running>();
  private timer?: NodeJS.Timeout;

  onTestRunStart() {
    this.timer = setInterval(() => this.check(), 15_000);
    this.timer.unref();
  }

  onTestModuleQueued(module: TestModule) {
    this.running.set(module.id, {
      name: `${module.project.name} ${module.relativeModuleId}`,
      since: Date.now(),
      warned: false,
    });
  }

  onTestCaseReady(test: TestCase) {
    const entry = this.running.get(test.module.id);
    if (entry) entry.lastTest = `${test.fullName} (started ${new Date().toISOString()})`;
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(module.id);
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  private check() {
    const now = Date.now();
    const late = [...this.running.values()].filter((r) => now - r.since > WARN_AFTER_MS);
    if (late.length === 0) return;
    const stop = late.some((r) => now - r.since > STOP_AFTER_MS);
    if (!stop && late.every((r) => r.warned)) return;
    const lines = [
      '',
      `watchdog: ${late.length} test file(s) running for over ${WARN_AFTER_MS / 60_000} min`,
    ];
    for (const r of late) {
      r.warned = true;
      lines.push(
        `  ${r.name}: ${Math.round((now - r.since) / 1000)} s; last test: ${r.lastTest ?? 'none started'}`,
      );
    }
    lines.push('  processes under this run:', ...processTree().map((l) => `    ${l}`));
    if (stop) lines.push(`watchdog: stopping the run (a file ran past ${STOP_AFTER_MS / 60_000} min)`);
    process.stderr.write(`${lines.join('\n')}\n`);
    if (stop) process.exit(1);
  }
}

/** This process's descendants with their state, kernel wait channel and command line. */
function processTree(): string[] {
  try {
    const out = execFileSync('ps', ['-eo', 'pid=,ppid=,etimes=,stat=,wchan:20=,args='], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    const rows = out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [pid = 0, ppid = 0] = line.trim().split(/\s+/, 2).map(Number);
        return { pid, ppid, line: line.trim().slice(0, 300) };
      });
    const mine = new Set([process.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows)
        if (!mine.has(r.pid) && mine.has(r.ppid)) {
          mine.add(r.pid);
          grew = true;
        }
    }
    return ['PID PPID ELAPSED STAT WCHAN COMMAND', ...rows.filter((r) => mine.has(r.pid)).map((r) => r.line)];
  } catch (error) {
    return [`(ps failed: ${(error as Error).message})`];
  }
}
