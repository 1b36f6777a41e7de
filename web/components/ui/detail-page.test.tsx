import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/api.ts';
import { apiError, held, json, renderApp, serveApi } from '../../test/render.tsx';
import { DetailPage, NotFoundCard } from './detail-page.tsx';

interface Item {
  id: string;
  title: string;
}

/** A detail page as the features write one: its item read through the API client by the route's id. */
function ItemPage({ withNotFound = true }: { withNotFound?: boolean }) {
  const { itemId = '' } = useParams();
  const query = useQuery({
    queryKey: ['items', itemId],
    queryFn: ({ signal }) => api<Item>(`/items/${itemId}`, { signal }),
  });
  return (
    <DetailPage
      query={query}
      back={{ to: '/items', label: 'Back to items' }}
      loadingLabel="Loading item…"
      skeleton={<div data-testid="skeleton" />}
      notFound={withNotFound ? <NotFoundCard text="Item not found" /> : undefined}
      failedText={(err) => `Could not load the item (${(err as Error).message})`}
    >
      {(item) => <h1>{item.title}</h1>}
    </DetailPage>
  );
}

const at = { path: '/items/i1', pattern: '/items/:itemId' };

describe('DetailPage', () => {
  it('announces loading with the skeleton and the back link until the item arrives, then shows it', async () => {
    const answer = held();
    serveApi((r) => (r.path === '/api/v1/items/i1' ? answer.response : undefined));
    renderApp(<ItemPage />, at);

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading item…');
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to items' })).toHaveAttribute('href', '/items');
    expect(screen.queryByRole('heading')).toBeNull();

    answer.release(json(200, { id: 'i1', title: 'Aimbot v2' }));
    expect(await screen.findByRole('heading', { name: 'Aimbot v2' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to items' })).toBeInTheDocument();
  });

  it('shows the not-found card in place for a 404, and for a 400 (an id that is no UUID)', async () => {
    for (const status of [404, 400]) {
      const server = serveApi(() => apiError(status, 'NOT_FOUND', 'Nope'));
      const { router, unmount } = renderApp(<ItemPage />, at);
      expect(await screen.findByRole('heading', { name: 'Item not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to items' })).toBeInTheDocument();
      expect(screen.queryByRole('status')).toBeNull();
      expect(router.state.location.pathname).toBe('/items/i1');
      expect(server.requests).toHaveLength(1);
      unmount();
    }
  });

  it('any other failure is a toast with the chosen text and a return to the list', async () => {
    serveApi(() => apiError(403, 'FORBIDDEN', 'Members only'));
    const { router } = renderApp(<ItemPage />, at);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the item (Members only)');
    await waitFor(() => expect(router.state.location.pathname).toBe('/items'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a page without a not-found card treats a missing item as a failure', async () => {
    serveApi(() => apiError(404, 'NOT_FOUND', 'Item gone'));
    const { router } = renderApp(<ItemPage withNotFound={false} />, at);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the item (Item gone)');
    await waitFor(() => expect(router.state.location.pathname).toBe('/items'));
    expect(screen.queryByRole('heading', { name: 'Item not found' })).toBeNull();
  });
});
