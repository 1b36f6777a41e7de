import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One authorization API (server/policy.ts, server/policy/): below a route's `access()`, every rule about who
 * may do what with a resource is a row of its policy table, asked with `authorize` / `can` / `abilities`.
 * This fails when a file under server/modules decides a permission itself, by comparing a viewer's id or a
 * role, or calling `isStaff(`: such a check would bypass the table and let a page's abilities drift from what
 * the server enforces.
 */
const root = path.resolve(import.meta.dirname, '../..');
const modules = path.join(root, 'server/modules');

const patterns: [string, RegExp][] = [
  ["a viewer's id compared", /\bviewer\??\.id\s*[!=]==|[!=]==\s*(request\.)?viewer\??\.id\b/],
  [
    'a role compared',
    /\.role\s*[!=]==\s*'(user|moderator|admin)'|'(user|moderator|admin)'\s*[!=]==\s*[\w?.]*\.role\b/,
  ],
  ['isStaff called', /\bisStaff\(/],
];

/**
 * Places reviewed and left as they are, each with why. A line is named by its file and a piece of its text;
 * an entry that no longer matches anything fails too, so the list only shrinks.
 */
const allowed: { file: string; text: string; why: string }[] = [
  {
    file: 'sso/routes.ts',
    text: 'request.viewer?.id !== linking',
    why: 'not a permission: a sign-in return that links an account must come back to the member who started it',
  },
];

function findViolations(file: string, source: string) {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    for (const [what, re] of patterns) {
      if (!re.test(line)) continue;
      if (allowed.some((a) => file.endsWith(a.file) && line.includes(a.text))) continue;
      found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
    }
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('permissions are decided by the policy only', () => {
  const files = sources(modules).map((f) => ({
    file: path.relative(root, f),
    source: readFileSync(f, 'utf8'),
  }));

  it('no file under server/modules compares a viewer id or a role, or calls isStaff', () => {
    expect(files.flatMap((f) => findViolations(f.file, f.source))).toEqual([]);
  });

  it('every allow-list entry still names a line that exists', () => {
    const stale = allowed.filter(
      (a) => !files.some((f) => f.file.endsWith(a.file) && f.source.includes(a.text)),
    );
    expect(stale).toEqual([]);
  });

  it.each([
    ['if (listing.userId === viewer.id) throw forbidden'],
    ['const mine = viewer?.id !== row.userId;'],
    ["if (viewer.role === 'admin') return;"],
    ["if ('moderator' === member.role) return;"],
    ['if (isStaff(viewer.role)) return;'],
  ])('catches %s', (line) => {
    expect(findViolations('server/modules/x/service.ts', line)).toHaveLength(1);
  });
});
