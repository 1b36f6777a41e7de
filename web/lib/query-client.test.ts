import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RefreshingQueryClient } from './query-client.ts';

/** A list whose server answers each read with what it held when the read arrived; reads finish on demand. */
function listServer() {
  let rows = ['kept', 'deleted'];
  const pending: (() => void)[] = [];
  return {
    read: () =>
      new Promise<string[]>((resolve) => {
        const snapshot = [...rows];
        pending.push(() => resolve(snapshot));
      }),
    delete: (row: string) => {
      rows = rows.filter((r) => r !== row);
    },
    finishReads: () => {
      for (const finish of pending.splice(0)) finish();
    },
  };
}

/** A search page's first load reads the list, a delete lands, and the delete's success invalidates the list. */
async function deleteDuringFirstLoad(client: QueryClient) {
  const server = listServer();
  const observer = new QueryObserver(client, { queryKey: ['listings', { q: 'tag' }], queryFn: server.read });
  const results: string[][] = [];
  const unsubscribe = observer.subscribe((r) => r.data && results.push(r.data));
  await Promise.resolve();
  server.delete('deleted');
  const invalidated = client.invalidateQueries({ queryKey: ['listings'] });
  server.finishReads();
  await invalidated;
  server.finishReads();
  await new Promise((resolve) => setTimeout(resolve, 0));
  unsubscribe();
  return { shown: observer.getCurrentResult().data, results };
}

describe('invalidating a query whose first load is in flight', () => {
  it('TanStack alone keeps the first load, read before the change', async () => {
    const { shown } = await deleteDuringFirstLoad(new QueryClient());
    expect(shown).toEqual(['kept', 'deleted']);
  });

  it('the app client restarts the load, so the change shows and nothing stale is ever shown', async () => {
    const { shown, results } = await deleteDuringFirstLoad(new RefreshingQueryClient());
    expect(shown).toEqual(['kept']);
    expect(results).toEqual([['kept']]);
  });

  it('a query with data is refetched as before, and one nobody watches is left alone', async () => {
    const client = new RefreshingQueryClient();
    let reads = 0;
    client.setQueryData(['listings', 'cached'], ['old']);
    const observer = new QueryObserver(client, {
      queryKey: ['listings', 'cached'],
      queryFn: async () => [`read ${++reads}`],
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    const unwatched = client.prefetchQuery({
      queryKey: ['listings', 'unwatched'],
      queryFn: async () => ['x'],
    });
    await client.invalidateQueries({ queryKey: ['listings'] });
    await unwatched;
    expect(observer.getCurrentResult().data).toEqual([`read ${reads}`]);
    expect(reads).toBe(1);
    expect(client.getQueryData(['listings', 'unwatched'])).toEqual(['x']);
    unsubscribe();
  });
});
