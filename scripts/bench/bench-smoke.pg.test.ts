import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DB } from '../../server/test/global-setup.ts';
import { root } from './app-process.ts';

/*
 * Every benchmark script runs end to end at a tiny size (issue 38): a benchmark that broke (a step that no
 * longer runs, a request the app now refuses) fails here instead of going unnoticed until someone measures.
 * The figures are not checked: at this size and on a shared machine they mean nothing; that each part ran
 * and counted what it made is. Every benchmark runs on the tests' PostgreSQL server (BENCH_POSTGRES_URL), bench:web
 * too (its own default is PGlite), each on a copy of the migrated template (BENCH_POSTGRES_TEMPLATE).
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cm-bench-smoke-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `node scripts/bench/<script>` as its npm script runs it, with `env`; its exit code and output. */
function runBench(script: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [`scripts/bench/${script}`], {
      cwd: root,
      env: {
        ...(process.env as Record<string, string>),
        BENCH_POSTGRES_URL: inject('postgresUrl'),
        // Each benchmark's database a copy of the tests' migrated template, not migrated again.
        BENCH_POSTGRES_TEMPLATE: TEMPLATE_DB,
        // A loaded test machine must not have the apps shed the benchmark's requests (503).
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// One after the other: the three at once (three apps, PostgreSQL and Chromium on two cores) took longer in all.
describe('the benchmarks at a tiny size', { timeout: 240_000 }, () => {
  it('npm run bench: one endpoint beside its ceiling, then the queue drain decides every job', async () => {
    const results = path.join(tmp, 'bench-results.md');
    const { code, output } = await runBench('run.ts', {
      BENCH_SCALE: '0',
      BENCH_SKIP: 'scale,pglite,storm,uploads',
      BENCH_ONLY: 'marketplace browse',
      BENCH_CONNECTIONS: '2',
      BENCH_WARMUP: '0',
      BENCH_DURATION: '1',
      BENCH_READ_ROUNDS: '1',
      BENCH_READ_ROUND: '1',
      BENCH_QUEUE_JOBS: '100',
      BENCH_QUEUE_SECONDS: '120',
      BENCH_RESULTS: results,
    });
    expect(code, output).toBe(0);
    const report = readFileSync(results, 'utf8');
    expect(report).toMatch(/^\| marketplace browse \| \d+ \|/m);
    // Its ceiling named through the app's reader (the target's reference), named through pg's Query and unnamed
    // beside it, and the ratio at 10 connections.
    expect(report).toMatch(
      /^\| marketplace browse \|.* \| \d+ \(\d+ \/ \d+\) \| [\d.]+× (met|MISSED)( \(rounds[^)]*\))? \| [\d.]+× (met|MISSED) \|/m,
    );
    // Every job decided, each queued its mail.
    expect(report).toMatch(/^\| 100 \| 100 \| [\d.]+ \| [\d.]+ [✓✗] \| queued: 100 \| 100 \|$/m);
  });

  it('npm run bench:realtime: sockets, direct messages and a fan-out, every event delivered', async () => {
    const { code, output } = await runBench('realtime.ts', {
      BENCH_CLIENTS: '10',
      BENCH_MESSAGES: '10',
      BENCH_SEND_CONCURRENCY: '4',
      BENCH_FANOUTS: '1',
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/^presence\s+10 members/m);
    expect(output.match(/^direct messages\s+(\d+)\/(\d+) delivered \(0 failed/gm)).toHaveLength(2);
    expect(output).toMatch(/^direct messages\s+10\/10 delivered/m);
    expect(output).toMatch(/^fan-out notifications\s+10\/10 delivered/m);
    expect(output).toMatch(/^\s+transaction → commit\s+p50 \d+\.\d ms/m);
  });

  it('npm run bench:web: one page measured in Chromium as a visitor and as a member (Lighthouse left out)', async () => {
    // The script measures a build; the test run has none (npm test builds after vitest), so a page of its own
    // stands in: the app serves it, Chromium loads it and the vitals are read, as for the real screens.
    const webRoot = path.join(tmp, 'web');
    mkdirSync(webRoot);
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench smoke</title></head><body><main><h1>Bench smoke</h1><p>A page that loads and paints.</p></main></body></html>',
    );
    const { code, output } = await runBench('web-vitals.ts', {
      WEB_ROOT: webRoot,
      LIGHTHOUSE_RUNS: '0',
      BENCH_WEB_PAGES: '/',
      // The stand-in page reads no data: the demo data set would be seeded for nothing.
      BENCH_WEB_DEMO: 'false',
    });
    expect(code, output).toBe(0);
    // An LCP read (not 0: the page painted), its CLS, no API request from this page, and a verdict.
    expect(output).toMatch(/^\/\s+visitor\s+[1-9]\d*\s+[\d.]+\s+0\s+(ok|MISSED)$/m);
    expect(output).toMatch(/^\/\s+member\s+[1-9]\d*\s+[\d.]+\s+0\s+(ok|MISSED)$/m);
  });
});
