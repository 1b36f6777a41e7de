import { afterAll, beforeAll, expect, it } from 'vitest';
import { healthRoutes } from '../../contract/routes/health.ts';
import { routeTables } from '../../contract/routes/index.ts';
import { mailRoutes } from '../../contract/routes/mail.ts';
import { paymentWebhookRoutes } from '../../contract/routes/payments.ts';
import type { RouteEntry } from '../../contract/routes/route.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from '../test/test-app.ts';

/**
 * Every entry of the route table (contract/routes/) is served, as the entry says: the web's generated client
 * calls each one, so an entry no module registers (or registers under other words) would be a page's 404.
 * Read from the OpenAPI document the server builds from its routes.
 */
type Operation = { summary?: string; 'x-access'?: string; tags?: string[] };

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  t = await buildTestApp({ env: everyRouteEnv });
  paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
});
afterAll(() => t.close());

it('serves every entry of the route table with its access and summary', () => {
  // The groups no web page calls (the mail's links, the health check, the processors' webhooks) are served all
  // the same.
  const groups = [...Object.values(routeTables), mailRoutes, healthRoutes, paymentWebhookRoutes];
  const entries = groups.flatMap((group) => Object.values(group) as RouteEntry[]);
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) {
    const documented = `${entry.prefix ?? '/api/v1'}${entry.path.replace(/:(\w+)/g, '{$1}')}`;
    const operation = paths[documented]?.[entry.method.toLowerCase()];
    expect(operation, `${entry.method} ${entry.path} is not served`).toBeDefined();
    expect(operation?.['x-access'], `${entry.method} ${entry.path}`).toBe(entry.access);
    expect(operation?.summary, `${entry.method} ${entry.path}`).toBe(entry.summary);
    if (entry.tags) expect(operation?.tags).toEqual(entry.tags);
  }
});
