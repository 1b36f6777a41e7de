/**
 * First-screen budget, run after `vite build` (npm run build): what a browser must fetch before the first
 * screen can render, in bytes over the wire (brotli, as the server sends it: decision 012), must stay
 * within 120 KB. That is the entry chunk index.html loads, every chunk it imports statically (route pages
 * are lazy chunks and do not count), its stylesheets and its classic scripts. Prints the figure per file;
 * exits 1 over budget. In another language than English the first screen also waits for that language's
 * catalogue and the ICU formatter (issue 41; index.html's first-screen hints list their chunks under
 * `locales`): each language's total is printed and held to the same budget.
 * The busiest pages (web/app/first-screens.ts, listed in the same hints with their chunks) wait for their own
 * chunks too before their first paint: each page's total (English first screen plus its chunks) is printed and
 * held to PAGE_BUDGET_BYTES, issue 38's 80 KB (reached in decision 072), so a page that grows fails the build
 * instead of showing up later in a Lighthouse run (the shared chunk had grown by 25 KB unseen).
 *
 *   node scripts/check-bundle-budget.ts [webDir]     (default dist/web)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotli, MIN_BYTES } from './precompress.ts';

export const BUDGET_BYTES = 120 * 1024;
/** A busiest page's first screen with its own chunks, English (see above). */
export const PAGE_BUDGET_BYTES = 80 * 1024;

/** Relative static imports of an ES module chunk (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) found.add(m[1] as string);
  return [...found];
}

/** Bytes on the wire: the brotli file the build writes, or the file itself below the precompress threshold. */
export function wireBytes(data: Buffer): number {
  return data.length < MIN_BYTES ? data.length : Math.min(data.length, brotli(data).length);
}

export interface FirstScreenFile {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  wire: number;
}

export interface LocaleFirstScreen {
  locale: string;
  /** The chunks the language adds to the English first screen. */
  files: FirstScreenFile[];
  /** English first screen plus those chunks. */
  totalWire: number;
  withinBudget: boolean;
}

export interface PageFirstScreen {
  page: string;
  /** The chunks the page adds to the English first screen. */
  files: FirstScreenFile[];
  totalWire: number;
  withinBudget: boolean;
}

export interface BudgetReport {
  files: FirstScreenFile[];
  totalWire: number;
  /** Every language but English, in the hints' order. */
  locales: LocaleFirstScreen[];
  /** Every page the hints list chunks for, in their order. */
  pages: PageFirstScreen[];
  /** English, every language and every page within their budgets. */
  withinBudget: boolean;
}

export function measureFirstScreen(
  webDir: string,
  budget = BUDGET_BYTES,
  pageBudget = PAGE_BUDGET_BYTES,
): BudgetReport {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
  const modules: string[] = [];
  const classic: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src');
    if (src) (/type="module"/.test(tag) ? modules : classic).push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (/rel="modulepreload"/.test(tag)) modules.push(attr(tag, 'href') as string);
  }
  if (modules.length === 0) throw new Error(`no module script in ${webDir}/index.html`);

  const files: FirstScreenFile[] = [];
  const add = (url: string, kind: FirstScreenFile['kind']) => {
    const rel = url.replace(/^\//, '');
    const data = readFileSync(path.join(webDir, rel));
    files.push({ file: rel, kind, bytes: data.length, wire: wireBytes(data) });
    return data;
  };
  for (const src of classic) add(src, 'js');
  const seen = new Set<string>();
  const queue = [...modules];
  while (queue.length) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = add(url, 'js').toString('utf8');
    for (const imp of staticImports(code)) queue.push(path.posix.join(path.posix.dirname(url), imp));
  }
  for (const tag of html.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? [])
    add(attr(tag, 'href') as string, 'css');
  const totalWire = files.reduce((sum, f) => sum + f.wire, 0);

  const hints = html.match(/<script type="application\/json" id="first-screen">([\s\S]*?)<\/script>/)?.[1];
  const parsed: Record<string, unknown> = hints ? JSON.parse(hints) : {};
  const localeChunks = (parsed.locales ?? {}) as Record<string, string[]>;
  const pageHints = Object.entries(parsed).filter(([key]) => key !== 'locales') as [
    string,
    { js?: string[] },
  ][];
  const inShell = new Set(files.map((f) => f.file));
  /** The chunks `urls` add to the English first screen, and the total with them. */
  const beside = (urls: string[]) => {
    const extra: FirstScreenFile[] = urls
      .map((url) => url.replace(/^\//, ''))
      .filter((rel) => !inShell.has(rel))
      .map((rel) => {
        const data = readFileSync(path.join(webDir, rel));
        return { file: rel, kind: 'js' as const, bytes: data.length, wire: wireBytes(data) };
      });
    return { files: extra, totalWire: totalWire + extra.reduce((sum, f) => sum + f.wire, 0) };
  };
  const locales = Object.entries(localeChunks).map(([locale, urls]) => {
    const added = beside(urls);
    return { locale, ...added, withinBudget: added.totalWire <= budget };
  });
  const pages = pageHints
    .filter(([, hint]) => (hint.js ?? []).length > 0)
    .map(([page, hint]) => {
      const added = beside(hint.js ?? []);
      return { page, ...added, withinBudget: added.totalWire <= pageBudget };
    });
  return {
    files,
    totalWire,
    locales,
    pages,
    withinBudget:
      totalWire <= budget && locales.every((l) => l.withinBudget) && pages.every((p) => p.withinBudget),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDir = path.resolve(process.argv[2] ?? 'dist/web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    console.error(`check-bundle-budget: no build in ${webDir} (run vite build first)`);
    process.exit(1);
  }
  const report = measureFirstScreen(webDir);
  console.log(
    'First screen (entry + static imports + stylesheets + classic scripts), over the wire (brotli):',
  );
  for (const f of report.files)
    console.log(`  ${f.file.padEnd(48)} ${kb(f.bytes).padStart(10)} ${kb(f.wire).padStart(10)} br`);
  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  const english = report.totalWire <= BUDGET_BYTES;
  console.log(
    `Total ${kb(report.totalWire)} over the wire: ${verdict(english)} the ${kb(BUDGET_BYTES)} budget.`,
  );
  for (const l of report.locales) {
    const added = l.files.map((f) => `${f.file} ${kb(f.wire)}`).join(' + ');
    console.log(
      `  in ${l.locale}: ${kb(l.totalWire)} (English + ${added || 'nothing'}): ${verdict(l.withinBudget)} the budget.`,
    );
  }
  for (const p of report.pages) {
    console.log(
      `  ${p.page}: ${kb(p.totalWire)} with its ${p.files.length} chunks: ${verdict(p.withinBudget)} the ${kb(PAGE_BUDGET_BYTES)} page budget.`,
    );
  }
  if (!report.withinBudget) process.exit(1);
}
