import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * Issue 19: the web's response types are the contract's own zod schemas (`z.infer`), the same ones the server's
 * routes serialize with, so a renamed response field must break the web's typecheck where pages read it.
 * Issue 40: the route table in contract/routes/ is the one place an endpoint's path and shapes are written;
 * the server's handler and the web's generated client are both typed from it. So a path parameter renamed
 * in an entry, or a field renamed in the body it names, must fail the server's typecheck and the web's, not a
 * request at run time. Proved on a copy of the project with a field of the cheat card renamed, a body field
 * renamed in `listingRoutes.purchase` and a path parameter in `listingRoutes.leaveFeedback` (another call, so
 * neither hides the other), typechecked once with each side's own tsconfig: one web run for all three, each
 * error asserted by its file and its message.
 */
const root = path.resolve(import.meta.dirname, '..');
// Inside the project, so the copy resolves the same node_modules.
const copy = path.join(root, '.tmp', `route-table-breaks-both-${process.pid}`);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

function edit(file: string, from: string, to: string) {
  const original = readFileSync(path.join(copy, file), 'utf8');
  expect(original, `${file}: the text this test changes`).toContain(from);
  writeFileSync(path.join(copy, file), original.replace(from, to));
}

function typecheck(tsconfig: string) {
  const tsc = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig, '--incremental', 'false'],
    // Bounded: while tsc runs the worker is blocked and no test timeout can fire.
    { cwd: copy, encoding: 'utf8', timeout: 400_000 },
  );
  const errors = tsc.stdout.split('\n').filter((line) => line.includes('error TS'));
  return { status: tsc.status, output: tsc.stdout + tsc.stderr, errors };
}

const fileOf = (line: string) => line.slice(0, line.indexOf('('));

it("renaming a response field, a path parameter and a body field fails the web typecheck, and the server's where it serves them", () => {
  mkdirSync(copy, { recursive: true });
  for (const dir of ['web', 'contract', 'server', 'scripts'])
    cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
  for (const file of ['tsconfig.base.json', 'tsconfig.server.json', 'tsconfig.web.json'])
    cpSync(path.join(root, file), path.join(copy, file));
  // A response field: the cheat card's `watching` becomes `isWatching`.
  edit(
    'contract/cheats.ts',
    'cheat.extend({ watching: z.boolean() })',
    'cheat.extend({ isWatching: z.boolean() })',
  );
  // A body field: `expectedPrice` becomes `unitPrice` in the schema `listingRoutes.purchase` names.
  edit(
    'contract/marketplace.ts',
    'export const purchaseBody = z.object({\n  expectedPrice:',
    'export const purchaseBody = z.object({\n  unitPrice:',
  );
  // A path parameter: it says `:listingId`, and the params name it so. On another call than the body's: a
  // wrong path parameter hides a wrong body of the same call from the compiler.
  edit(
    'contract/routes/listings.ts',
    "path: '/listings/:id/feedback',",
    "path: '/listings/:listingId/feedback',",
  );
  edit(
    'contract/routes/listings.ts',
    `params: listingIdParams,
    body: feedbackBody,`,
    `params: z.object({ listingId: listingIdParams.shape.id }),
    body: feedbackBody,`,
  );
  const web = typecheck('tsconfig.web.json');
  expect(web.status, web.output).not.toBe(0);
  // Nothing else in the copy is broken, so each failure is a rename and not the copying.
  const errorsIn = (file: string) => web.errors.filter((line) => fileOf(line) === file).join('\n');
  expect(new Set(web.errors.map(fileOf)), web.output).toEqual(
    new Set([
      'web/features/cheats/components/cheat-card.tsx',
      'web/features/cheats/pages/cheat-detail-page.tsx',
      'web/features/marketplace/api.ts',
      'web/lib/api-routes/listings.gen.ts',
    ]),
  );
  // The card and the detail page read `watching`.
  expect(errorsIn('web/features/cheats/components/cheat-card.tsx')).toMatch(
    /Property 'watching' does not exist/,
  );
  expect(errorsIn('web/features/cheats/pages/cheat-detail-page.tsx')).toMatch(
    /Property 'watching' does not exist/,
  );
  // The purchase call sends `{ expectedPrice, units }`; the feedback call passes `{ id }`.
  expect(errorsIn('web/features/marketplace/api.ts')).toMatch(/'expectedPrice' does not exist/);
  expect(errorsIn('web/features/marketplace/api.ts')).toMatch(
    /'id' does not exist in type '\{ listingId: string; \}'/,
  );
  // The generated path table is stale.
  expect(errorsIn('web/lib/api-routes/listings.gen.ts')).toMatch(
    /is not assignable to type '"POST \/listings\/:listingId\/feedback body"'/,
  );

  // The server's compiler options, over the routes file and all it imports (the whole of tsconfig.server.json
  // adds every test and script, three minutes on a busy machine, and can only add errors to these).
  writeFileSync(
    path.join(copy, 'tsconfig.routes.json'),
    JSON.stringify({
      extends: './tsconfig.server.json',
      compilerOptions: { tsBuildInfoFile: null },
      include: ['server/modules/commerce/listings/routes.ts'],
    }),
  );
  const server = typecheck('tsconfig.routes.json');
  expect(server.status, server.output).not.toBe(0);
  // The feedback handler reads `request.params.id` and the purchase handler passes a body without
  // `expectedPrice`: both in the listings' routes file.
  expect(new Set(server.errors.map(fileOf)), server.output).toEqual(
    new Set(['server/modules/commerce/listings/routes.ts']),
  );
  expect(server.output).toMatch(/Property 'id' does not exist/);
  expect(server.output).toMatch(/expectedPrice/);
}, 600_000);
