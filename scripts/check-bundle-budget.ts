/**
 * First-screen JavaScript budget, run after `vite build` (npm run build): the entry chunk that
 * index.html loads plus every chunk it imports statically (what the browser must fetch before the first
 * screen renders; routes are lazy chunks and do not count), gzipped, must stay within 170 KB.
 * Prints the figure per file; exits 1 over budget.
 *
 *   node scripts/check-bundle-budget.ts [webDir]     (default dist/web)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 170 * 1024;

/** Relative static imports of an ES module chunk (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) found.add(m[1] as string);
  return [...found];
}

export interface BudgetReport {
  files: { file: string; bytes: number; gzip: number }[];
  totalGzip: number;
  css: { file: string; gzip: number }[];
}

export function measureFirstScreen(webDir: string): BudgetReport {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const srcOf = (tag: string, attr: string) => tag.match(new RegExp(`${attr}="([^"]+)"`))?.[1];
  const queue: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = srcOf(tag, 'src');
    if (src && /type="module"/.test(tag)) queue.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (/rel="modulepreload"/.test(tag)) queue.push(srcOf(tag, 'href') as string);
  }
  if (queue.length === 0) throw new Error(`no module script in ${webDir}/index.html`);

  const seen = new Set<string>();
  const files: BudgetReport['files'] = [];
  while (queue.length) {
    const url = queue.shift() as string;
    const rel = url.replace(/^\//, '');
    if (seen.has(rel)) continue;
    seen.add(rel);
    const code = readFileSync(path.join(webDir, rel));
    files.push({ file: rel, bytes: code.length, gzip: gzipSync(code).length });
    for (const imp of staticImports(code.toString('utf8'))) {
      queue.push(path.posix.join(path.posix.dirname(`/${rel}`), imp));
    }
  }
  const css = (html.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? []).map((tag) => {
    const rel = (srcOf(tag, 'href') as string).replace(/^\//, '');
    return { file: rel, gzip: gzipSync(readFileSync(path.join(webDir, rel))).length };
  });
  return { files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0), css };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDir = path.resolve(process.argv[2] ?? 'dist/web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    console.error(`check-bundle-budget: no build in ${webDir} (run vite build first)`);
    process.exit(1);
  }
  const report = measureFirstScreen(webDir);
  console.log('First-screen JavaScript (entry + static imports), gzipped:');
  for (const f of report.files)
    console.log(`  ${f.file.padEnd(48)} ${kb(f.bytes).padStart(10)} ${kb(f.gzip).padStart(10)} gz`);
  for (const c of report.css)
    console.log(`  (css, not counted) ${c.file.padEnd(29)} ${kb(c.gzip).padStart(21)} gz`);
  const verdict = report.totalGzip <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`Total ${kb(report.totalGzip)} gzipped: ${verdict} the ${kb(BUDGET_BYTES)} budget.`);
  if (report.totalGzip > BUDGET_BYTES) process.exit(1);
}
