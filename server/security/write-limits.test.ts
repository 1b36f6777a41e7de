import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { readDocument } from './openapi.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('every route that changes something counts a rate limit', async () => {
    const doc = await readDocument(t);
    const unlimited = doc.operations
      .filter(
        (op) => op.method !== 'GET' && !op.rateLimited && (op.access === 'member' || op.access === 'public'),
      )
      .map((op) => `${op.method} ${op.path} ${op.access}`);
    expect(unlimited).toEqual([]);
  });
});
