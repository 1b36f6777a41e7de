import { ShoppingBag } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { loadedPages } from '../../test/paged.ts';
import { renderApp } from '../../test/render.tsx';
import { FIRST_ROW, PagedGrid } from './card-grid.tsx';
import { CoverImage } from './cover-card.tsx';

const items = Array.from({ length: 5 }, (_, i) => ({
  id: `i${i}`,
  imageUrl: `/media/0000000${i}-0000-4000-8000-000000000000.webp`,
}));
const query = loadedPages(items);

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
