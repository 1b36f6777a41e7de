import { ShoppingBag } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { FIRST_ROW, PagedGrid, PagedList } from './card-grid.tsx';
import { CoverImage } from './cover-card.tsx';

const items = Array.from({ length: 5 }, (_, i) => ({
  id: `i${i}`,
  imageUrl: `/media/0000000${i}-0000-4000-8000-000000000000.webp`,
}));
const query = {
  data: { pages: [{ items }] },
  isPending: false,
  isError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: async () => undefined,
};

describe('PagedGrid', () => {
  it("loads the first row's pictures at once and the rest lazily (the marketplace's largest paint)", () => {
    const { container } = renderApp(
      <PagedGrid query={query} failedText="Failed" loadingLabel="Loading" emptyText="Nothing">
        {(item, index) => <CoverImage src={item.imageUrl} icon={ShoppingBag} eager={index < FIRST_ROW} />}
      </PagedGrid>,
    );
    const loading = [...container.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy']);
  });
});

describe('PagedList', () => {
  const list = (q: Omit<typeof query, 'data'> & { data: typeof query.data | undefined }) =>
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
