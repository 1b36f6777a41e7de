import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUDGET_BYTES,
  measureFirstScreen,
  PAGE_BUDGET_BYTES,
  staticImports,
  wireBytes,
} from './check-bundle-budget.ts';
import { brotli } from './precompress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function webDir(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-budget-'));
  dirs.push(dir);
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), data);
  }
  return dir;
}

const themeInit = 'document.documentElement.classList.add("dark");';
const html = `<!doctype html><html><head>
<script src="/boot.js"></script>
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
<link rel="stylesheet" crossorigin href="/assets/index-c3.css">
</head><body></body></html>`;
const text = (label: string, n: number) =>
  `/* ${label} */\n${'const value = "some repeated text";\n'.repeat(n)}`;

describe('first-screen budget', () => {
  it('finds static imports, not dynamic ones', () => {
    const code = `import{a as b}from"./vendor-b2.js";import"./side-d4.js";export{c}from"../x/e5.js";const p=()=>import("./page-f6.js");`;
    expect(staticImports(code).sort()).toEqual(['../x/e5.js', './side-d4.js', './vendor-b2.js']);
  });

  it('counts the entry, its static imports, preloads, stylesheets and classic scripts in brotli bytes; lazy chunks not', () => {
    const entry = `import{a}from"./shared-d4.js";const page=()=>import("./page-e5.js");${text('entry', 200)}`;
    const dir = webDir({
      'index.html': html,
      'boot.js': themeInit,
      'assets/index-a1.js': entry,
      'assets/vendor-b2.js': text('vendor', 300),
      'assets/shared-d4.js': text('shared', 50),
      'assets/page-e5.js': text('page', 5000),
      'assets/index-c3.css': `.a{color:red}${'.b{margin:0}'.repeat(200)}`,
    });
    const report = measureFirstScreen(dir);
    expect(report.files.map((f) => f.file).sort()).toEqual([
      'assets/index-a1.js',
      'assets/index-c3.css',
      'assets/shared-d4.js',
      'assets/vendor-b2.js',
      'boot.js',
    ]);
    const entryFile = report.files.find((f) => f.file === 'assets/index-a1.js');
    expect(entryFile?.wire).toBe(brotli(Buffer.from(entry)).length);
    // Under 1 KB nothing is precompressed: it travels as it is.
    expect(report.files.find((f) => f.file === 'boot.js')?.wire).toBe(themeInit.length);
    expect(report.totalWire).toBe(report.files.reduce((s, f) => s + f.wire, 0));
    expect(report.withinBudget).toBe(true);
  });

  it('fails past the budget, judged on compressed bytes', () => {
    // Random bytes do not compress: 130 KB of them are 130 KB over the wire.
    const dir = webDir({
      'index.html': html,
      'boot.js': '',
      'assets/index-a1.js': randomBytes(130 * 1024),
      'assets/vendor-b2.js': '',
      'assets/index-c3.css': '',
    });
    const report = measureFirstScreen(dir);
    expect(report.totalWire).toBeGreaterThan(BUDGET_BYTES);
    expect(report.withinBudget).toBe(false);
    // The same bytes as compressible text are within it.
    const textDir = webDir({
      'index.html': html,
      'boot.js': '',
      'assets/index-a1.js': text('big', 3500),
      'assets/vendor-b2.js': '',
      'assets/index-c3.css': '',
    });
    const textReport = measureFirstScreen(textDir);
    expect(textReport.files.find((f) => f.file === 'assets/index-a1.js')?.bytes).toBeGreaterThan(
      BUDGET_BYTES,
    );
    expect(textReport.withinBudget).toBe(true);
  });

  it('adds each language’s catalogue and formatter chunks to the English first screen, each judged on the budget', () => {
    const hints = JSON.stringify({
      '*': { js: [], data: [] },
      locales: {
        ru: ['/assets/ru-g7.js', '/assets/format-h8.js', '/assets/vendor-b2.js'],
        de: ['/assets/de-i9.js', '/assets/format-h8.js'],
      },
    });
    const localizedHtml = html.replace(
      '<script src="/boot.js"></script>',
      `<script type="application/json" id="first-screen">${hints}</script>\n<script src="/boot.js"></script>`,
    );
    const files = {
      'index.html': localizedHtml,
      'boot.js': themeInit,
      'assets/index-a1.js': text('entry', 200),
      'assets/vendor-b2.js': text('vendor', 300),
      'assets/index-c3.css': '.a{color:red}',
      'assets/ru-g7.js': text('ru', 800),
      'assets/format-h8.js': text('format', 400),
      // Random bytes do not compress: this language alone goes over.
      'assets/de-i9.js': randomBytes(125 * 1024),
    };
    const report = measureFirstScreen(webDir(files));
    const wire = (name: keyof typeof files) => wireBytes(Buffer.from(files[name]));
    expect(report.locales.map((l) => l.locale)).toEqual(['ru', 'de']);
    const [ru, de] = report.locales;
    // A chunk the shell already loads (vendor) is not counted twice.
    expect(ru?.files.map((f) => f.file)).toEqual(['assets/ru-g7.js', 'assets/format-h8.js']);
    expect(ru?.totalWire).toBe(report.totalWire + wire('assets/ru-g7.js') + wire('assets/format-h8.js'));
    expect(ru?.withinBudget).toBe(true);
    expect(de?.totalWire).toBeGreaterThan(BUDGET_BYTES);
    expect(de?.withinBudget).toBe(false);
    // English alone is within it, but the build fails on the one language that is not.
    expect(report.totalWire).toBeLessThan(BUDGET_BYTES);
    expect(report.withinBudget).toBe(false);
  });

  it("adds each busiest page's own chunks to the English first screen, each judged on the page budget", () => {
    const hints = JSON.stringify({
      '*': { js: [], data: ['/api/auth/get-session'] },
      '/': { js: ['/assets/home-j1.js', '/assets/shared-k2.js', '/assets/vendor-b2.js'], data: [] },
      // Random bytes do not compress: this page alone goes over.
      '/market': { js: ['/assets/market-l3.js', '/assets/shared-k2.js'], data: [] },
      locales: { ru: ['/assets/ru-g7.js'] },
    });
    const files = {
      'index.html': html.replace(
        '<script src="/boot.js"></script>',
        `<script type="application/json" id="first-screen">${hints}</script>\n<script src="/boot.js"></script>`,
      ),
      'boot.js': themeInit,
      'assets/index-a1.js': text('entry', 200),
      'assets/vendor-b2.js': text('vendor', 300),
      'assets/index-c3.css': '.a{color:red}',
      'assets/ru-g7.js': text('ru', 800),
      'assets/home-j1.js': text('home', 400),
      'assets/shared-k2.js': text('shared', 600),
      'assets/market-l3.js': randomBytes(PAGE_BUDGET_BYTES),
    };
    const report = measureFirstScreen(webDir(files));
    const wire = (name: keyof typeof files) => wireBytes(Buffer.from(files[name]));
    expect(report.pages.map((p) => p.page)).toEqual(['/', '/market']);
    const [home, market] = report.pages;
    // A chunk the shell already loads (vendor) is not counted twice; a page without chunks ('*') is no page.
    expect(home?.files.map((f) => f.file)).toEqual(['assets/home-j1.js', 'assets/shared-k2.js']);
    expect(home?.totalWire).toBe(report.totalWire + wire('assets/home-j1.js') + wire('assets/shared-k2.js'));
    expect(home?.withinBudget).toBe(true);
    expect(market?.totalWire).toBeGreaterThan(PAGE_BUDGET_BYTES);
    expect(market?.withinBudget).toBe(false);
    expect(report.locales.every((l) => l.withinBudget)).toBe(true);
    expect(report.withinBudget).toBe(false);
  });

  it('without language hints (an English-only build) reports no languages', () => {
    const report = measureFirstScreen(
      webDir({
        'index.html': html,
        'boot.js': themeInit,
        'assets/index-a1.js': '',
        'assets/vendor-b2.js': '',
        'assets/index-c3.css': '',
      }),
    );
    expect(report.locales).toEqual([]);
    expect(report.withinBudget).toBe(true);
  });

  it('takes the smaller of brotli and the file itself', () => {
    const small = Buffer.from('x'.repeat(100));
    expect(wireBytes(small)).toBe(100);
    const big = Buffer.from('y'.repeat(5000));
    expect(wireBytes(big)).toBe(brotli(big).length);
  });
});
