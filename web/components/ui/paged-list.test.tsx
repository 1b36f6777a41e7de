import { describe, expect, it } from 'vitest';
import { loadedPages } from '../../test/paged.ts';
import { renderApp } from '../../test/render.tsx';
import { PagedList } from './paged-list.tsx';

const items = Array.from({ length: 3 }, (_, i) => ({ id: `i${i}` }));
const query = loadedPages(items);

describe('PagedList', () => {
  const list = (q: typeof query) =>
    renderApp(
      <PagedList query={q} loading={<p>Loading</p>} empty={<p>Nothing</p>} label="Rows">
        {(item) => <span>{item.id}</span>}
      </PagedList>,
    );

  it('shows its skeleton until the first page, then its empty text when there is nothing', () => {
    expect(list({ ...query, data: undefined, isPending: true }).getByText('Loading')).toBeTruthy();
    expect(list({ ...query, data: { pages: [{ items: [] }] } }).getByText('Nothing')).toBeTruthy();
  });

  it('lists a row per item in its named list, and Load more while there is a next page', () => {
    const { getByRole } = list({ ...query, hasNextPage: true });
    expect(
      [...getByRole('list', { name: 'Rows' }).querySelectorAll('li')].map((li) => li.textContent),
    ).toEqual(items.map((item) => item.id));
    expect(getByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});
