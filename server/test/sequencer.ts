import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that start processes, servers or whole clusters of their own, longest first (timed on 2 cores,
 * PGlite/PostgreSQL): each takes 20–130 s where an API file takes a few, and most of that waits on children.
 */
const SLOW = [
  /^server\/resilience\/queue-kill\.pg\.test\.ts$/, // -/100 s
  /^server\/main\.test\.ts$/, // 126/73 s
  /^server\/modules\/payments\/btcpay\.pg\.test\.ts$/, // -/46 s (three servers killed and started)
  /^scripts\/backup\.test\.ts$/, // 92/43 s
  /^server\/production-install\.test\.ts$/, // 39/9 s
  /^server\/resilience\//, // 20–36 s each
  /^server\/modules\/hooks\/hooks\.test\.ts$/, // 48/30 s (a receiver on loopback: a 5 s timeout, retry_after waits)
  /^server\/db\/pooler\.pg\.test\.ts$/, // -/20 s (PgBouncer; migrates an empty database twice at once)
  /^scripts\/route-table-breaks-both\.test\.ts$/, // one web typecheck and one of the routes file
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
