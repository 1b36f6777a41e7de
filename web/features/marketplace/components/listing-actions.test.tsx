import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { watchMessages as w } from '../../../../contract/messages/watch.ts';
import { apiError, type Handler, held, json, renderApp, serveApi } from '../../../test/render.tsx';
import { listingKeys, useListing } from '../api.ts';
import { ListingActions } from './listing-actions.tsx';

type Abilities = ListingDetail['abilities'];
const none: Abilities = {
  buy: false,
  edit: false,
  delete: false,
  report: false,
  watch: false,
  setDetection: false,
  feedback: false,
};

/** The fields the actions read; the server's listing as the detail page gets it. */
function listing(over: { abilities?: Partial<Abilities>; stock?: number; watching?: boolean } = {}) {
  return {
    id: 'l1',
    title: 'Aimbot',
    price: 10,
    stock: over.stock ?? 1,
    watching: over.watching ?? false,
    abilities: { ...none, ...over.abilities },
  };
}

/** The listing page's actions, fed by the real listing query as the page feeds them. */
function ListingPage() {
  const { data } = useListing('l1');
  return data ? <ListingActions listing={data} /> : null;
}

/** A member's session and the listing; `write` answers the actions' requests. */
function serve(shown: ReturnType<typeof listing>, write?: Handler) {
  return serveApi((r) => {
    if (r.path === '/api/auth/get-session') return json(200, { user: { id: 'u1', username: 'ann' } });
    if (r.method === 'GET' && r.path === '/api/v1/listings/l1') return json(200, shown);
    return write?.(r);
  });
}

async function renderActions(shown: ReturnType<typeof listing>, write?: Handler) {
  const server = serve(shown, write);
  const rendered = renderApp(<ListingPage />, { path: '/marketplace/l1' });
  // The actions are on screen once the listing is.
  await waitFor(() => expect(rendered.queryClient.getQueryData(listingKeys.detail('l1'))).toBeDefined());
  return { ...rendered, server };
}

const labels = { buy: 'Buy Now', edit: 'Edit', delete: 'Delete', report: 'Report', watch: 'Watch' } as const;
const visibleActions = () =>
  Object.values(labels).filter((name) => screen.queryByRole(name === 'Edit' ? 'link' : 'button', { name }));

describe('ListingActions', () => {
  it('offers nothing when the server allows nothing', async () => {
    await renderActions(listing());
    expect(visibleActions()).toEqual([]);
  });

  it.each(Object.entries(labels))('offers %s exactly when its ability says so', async (ability, label) => {
    await renderActions(listing({ abilities: { [ability]: true } }));
    await waitFor(() => expect(visibleActions()).toEqual([label]));
  });

  it('edit links to the edit page', async () => {
    await renderActions(listing({ abilities: { edit: true } }));
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/marketplace/edit/l1');
  });

  it('buying asks first, then buys the chosen units at the price on screen, once per click', async () => {
    const { user, server } = await renderActions(listing({ abilities: { buy: true }, stock: 5 }), (r) =>
      r.path === '/api/v1/listings/l1/purchase' ? json(201, { id: 'o1' }) : undefined,
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Quantity' }), '3');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent(m.purchaseConfirm);
    expect(server.writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Buy for 30 Credits' }));
    expect(await screen.findByText(m.purchaseSuccess)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const purchase = server.requests.find((r) => r.method === 'POST');
    expect(purchase?.body).toEqual({ expectedPrice: 10, units: 3 });
    const key = purchase?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // A second purchase is a new click, so a new key: a retried click can never buy twice, two clicks can.
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(await screen.findByRole('button', { name: 'Buy for 30 Credits' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.requests.filter((r) => r.method === 'POST')[1]?.headers.get('idempotency-key')).not.toBe(
      key,
    );
  });

  it('a single unit is bought without asking how many; cancelling buys nothing', async () => {
    const { user, server } = await renderActions(listing({ abilities: { buy: true }, stock: 1 }));
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(screen.queryByRole('combobox')).toBeNull();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Buy for 10 Credits' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.writes()).toEqual([]);
  });

  it('a refused purchase shows the server’s reason and refetches the listing', async () => {
    const { user, server } = await renderActions(listing({ abilities: { buy: true } }), () =>
      apiError(409, 'PRICE_CHANGED', 'The price is now 12 credits'),
    );
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await user.click(await screen.findByRole('button', { name: 'Buy for 10 Credits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The price is now 12 credits');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === '/api/v1/listings/l1').length).toBeGreaterThan(1),
    );
  });

  it('the confirm button is busy while the purchase is in flight', async () => {
    const answer = held();
    const { user } = await renderActions(listing({ abilities: { buy: true } }), () => answer.response);
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    const buy = await screen.findByRole('button', { name: 'Buy for 10 Credits' });
    await user.click(buy);
    await waitFor(() => expect(buy).toBeDisabled());
    answer.release(json(201, { id: 'o1' }));
    expect(await screen.findByText(m.purchaseSuccess)).toBeInTheDocument();
  });

  it('deleting asks first, deletes and returns to the marketplace', async () => {
    const { user, server, router } = await renderActions(listing({ abilities: { delete: true } }), (r) =>
      r.method === 'DELETE' && r.path === '/api/v1/listings/l1'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete listing' });
    expect(server.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    expect(server.writes()).toEqual(['DELETE /api/v1/listings/l1']);
  });

  it('a refused delete says why and stays', async () => {
    const { user, router } = await renderActions(listing({ abilities: { delete: true } }), () =>
      apiError(403, 'FORBIDDEN', 'You can only delete your own listings'),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only delete your own listings');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/marketplace/l1');
  });

  it('watch: the label follows the server once it agrees', async () => {
    let watching = false;
    const server = serveApi((r) => {
      if (r.path === '/api/auth/get-session') return json(200, { user: { id: 'u1', username: 'ann' } });
      if (r.method === 'GET') return json(200, listing({ abilities: { watch: true }, watching }));
      watching = r.method === 'PUT';
      return json(200, { watching });
    });
    const { user } = renderApp(<ListingPage />);
    await user.click(await screen.findByRole('button', { name: 'Watch' }));
    expect(await screen.findByText(w.watching)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Unwatch' }));
    expect(await screen.findByText(w.unwatched)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Watch' })).toBeInTheDocument();
    expect(server.writes()).toEqual(['PUT /api/v1/listings/l1/watch', 'DELETE /api/v1/listings/l1/watch']);
  });

  it('watch: a refusal keeps the label and says why', async () => {
    const answer = held();
    const { user } = await renderActions(listing({ abilities: { watch: true } }), () => answer.response);
    const button = await screen.findByRole('button', { name: 'Watch' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    answer.release(apiError(403, 'FORBIDDEN', w.ownListing));
    expect(await screen.findByRole('alert')).toHaveTextContent(w.ownListing);
    expect(screen.getByRole('button', { name: 'Watch' })).toBeEnabled();
    expect(screen.queryByText(w.watching)).toBeNull();
  });
});
