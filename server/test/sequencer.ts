import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take 20 s or more, longest first (CI on 2 cores, fresh clone, PGlite/PostgreSQL): most start
 * processes, servers or whole clusters of their own and wait on them, where an API file takes a few seconds.
 * Started last, one of them runs alone at the end of the run: the benchmarks' smoke test, the longest file,
 * ranked by its size, started last and ran alone for the run's last 100 s.
 */
const SLOW = [
  /^scripts\/bench\/bench-smoke\.pg\.test\.ts$/, // -/104 s (three benchmarks, one with Chromium)
  /^server\/main\.test\.ts$/, // 93/57 s
  /^scripts\/backup\.test\.ts$/, // 64/16 s
  /^scripts\/route-table-breaks-both\.test\.ts$/, // 50/- s: one web typecheck and one of the routes file
  /^server\/resilience\/queue-kill\.pg\.test\.ts$/, // -/49 s
  /^server\/modules\/auth\/auth\.test\.ts$/, // 41/45 s (210 timed requests)
  /^server\/resilience\/database-outage\.pg\.test\.ts$/, // -/45 s
  /^server\/modules\/realtime\/multi-instance\.pg\.test\.ts$/, // -/43 s
  /^server\/resilience\/kill\.pg\.test\.ts$/, // -/36 s
  /^server\/production-install\.test\.ts$/, // 35/11 s
  /^server\/db\/query-plans\.pg\.test\.ts$/, // -/33 s
  /^server\/modules\/payments\/btcpay\.pg\.test\.ts$/, // -/31 s (three servers killed and started)
  /^server\/security\/malformed-input\.test\.ts$/, // 30/25 s
  /^server\/modules\/hooks\/hooks\.test\.ts$/, // 24/25 s (a receiver on loopback: a 5 s timeout, retry_after waits)
  /^server\/resilience\//, // 13–24 s each
  /^server\/bad-input\.test\.ts$/, // 22/22 s
  /^server\/db\/pooler\.pg\.test\.ts$/, // -/20 s (PgBouncer; migrates an empty database twice at once)
];

/**
 * Longest first within each project. Without a previous run's timings (a fresh clone, as in CI) Vitest puts
 * larger files first, so the PostgreSQL pass's process-killing files started last and one of them ran alone
 * for the run's last 80 s. Here a project's slow files start first, then the rest by their last timing, or
 * by size until timed. Projects still run one after the other: a fork keeps its modules within a project
 * only, and mixing the two re-imported the server at every switch (import time 48 s → 450 s).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const root = this.ctx.config.root;
    const keyOf = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId);
      const timed = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      const rank = SLOW.findIndex((re) => re.test(path));
      return { rank: rank < 0 ? SLOW.length : rank, timed, size: statSync(spec.moduleId).size };
    };
    const keys = new Map(files.map((f) => [f, keyOf(f)]));
    return [...files].sort((a, b) => {
      const x = keys.get(a)!;
      const y = keys.get(b)!;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (x.rank !== y.rank) return x.rank - y.rank;
      if (x.timed !== undefined && y.timed !== undefined) return y.timed - x.timed;
      return y.size - x.size;
    });
  }
}
