import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderMessages as m } from '../../../../contract/messages/order.ts';
import type { Order, OrderDetail } from '../../../../contract/orders.ts';
import { type ApiRequest, apiError, held, json, renderApp, serveApi } from '../../../test/render.tsx';
import { orderKeys, useOrderDetail } from '../api.ts';
import { OrderPanel } from './order-panel.tsx';

const day = 24 * 3600_000;

function order(over: Partial<Order> = {}): OrderDetail {
  return {
    id: 'o1',
    listingId: 'l1',
    listingTitle: 'Aimbot',
    price: 100,
    units: 1,
    fee: 5,
    status: 'held',
    role: 'buyer',
    buyer: { id: 'u1', username: 'ann' },
    seller: { id: 'u2', username: 'bob' },
    releaseAt: new Date(Date.now() + 2 * day).toISOString(),
    disputeReason: null,
    disputedAt: null,
    ticketId: null,
    settledAt: null,
    refundedAmount: 0,
    sellerPayout: 0,
    settlementNote: null,
    createdAt: new Date().toISOString(),
    abilities: { settle: false },
    contentLink: null,
    ...over,
  };
}

/** The order as a page shows it: read through the real order query, updated by the actions' answers. */
function OrderPage() {
  const { data } = useOrderDetail('o1');
  return data ? <OrderPanel order={data} /> : null;
}

/**
 * The server holds one order: `shown` at first, then what an accepted action answered (`write` returns the
 * order after the action, or a refusal).
 */
async function renderOrder(
  shown: OrderDetail,
  write?: (r: ApiRequest) => OrderDetail | Response | Promise<OrderDetail | Response> | undefined,
) {
  let current = shown;
  const server = serveApi(async (r) => {
    if (r.method === 'GET' && r.path === '/api/v1/orders/o1') return json(200, current);
    if (r.method === 'GET') return undefined;
    const answer = await write?.(r);
    if (answer === undefined || answer instanceof Response) return answer;
    current = answer;
    return json(200, current);
  });
  const rendered = renderApp(<OrderPage />);
  await waitFor(() => expect(rendered.queryClient.getQueryData(orderKeys.detail('o1'))).toBeDefined());
  return { ...rendered, server };
}

const actionNames = () =>
  ['Confirm delivery', 'Open dispute', 'View dispute'].filter(
    (name) => screen.queryByRole(name === 'View dispute' ? 'link' : 'button', { name }) !== null,
  );

describe('order actions by state and role', () => {
  it.each([
    ['the buyer of a held order', order(), ['Confirm delivery', 'Open dispute']],
    ['the seller of a held order', order({ role: 'seller' }), []],
    ['staff on a held order', order({ role: 'staff' }), []],
    [
      'the buyer once the window has ended',
      order({ releaseAt: new Date(Date.now() - 1000).toISOString() }),
      [],
    ],
    ['the buyer of a disputed order', order({ status: 'disputed', ticketId: 't1' }), ['View dispute']],
    [
      'the seller of a disputed order',
      order({ status: 'disputed', role: 'seller', ticketId: 't1' }),
      ['View dispute'],
    ],
    ['the buyer of a released order', order({ status: 'released', settledAt: new Date().toISOString() }), []],
    ['the buyer of a refunded order', order({ status: 'refunded', settledAt: new Date().toISOString() }), []],
  ])('%s', async (_who, shown, expected) => {
    await renderOrder(shown);
    expect(actionNames()).toEqual(expected);
  });

  it('the seller of a held order is told what they will get', async () => {
    await renderOrder(order({ role: 'seller' }));
    expect(screen.getByText('You will receive 95 credits (5 credits fee).')).toBeInTheDocument();
  });

  it('a disputed order links its ticket', async () => {
    await renderOrder(order({ status: 'disputed', ticketId: 't1' }));
    expect(screen.getByRole('link', { name: 'View dispute' })).toHaveAttribute('href', '/tickets/t1');
  });
});

describe('confirm delivery', () => {
  it('asks first, confirms, says so, and the order shows as completed without actions', async () => {
    const { user, server } = await renderOrder(order(), (r) =>
      r.path === '/api/v1/orders/o1/confirm'
        ? order({ status: 'released', settledAt: new Date().toISOString(), sellerPayout: 95 })
        : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm delivery' });
    expect(dialog).toHaveTextContent(m.confirmPrompt);
    expect(server.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByText(m.confirmed)).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('The seller was paid 95 credits.')).toBeInTheDocument();
    expect(actionNames()).toEqual([]);
    expect(server.writes()).toEqual(['POST /api/v1/orders/o1/confirm']);
  });

  it('a refusal shows the server’s reason and leaves the actions', async () => {
    const { user } = await renderOrder(order(), () => apiError(409, 'CONFLICT', m.windowEnded));
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm delivery' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(m.windowEnded);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(actionNames()).toEqual(['Confirm delivery', 'Open dispute']);
  });
});

describe('the form pattern (the dispute form)', () => {
  const reason = 'The key was already used by somebody else';

  it('checks the contract’s rule before sending: a short reason is refused under its field', async () => {
    const { user, server } = await renderOrder(order());
    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open dispute' });
    await user.type(within(dialog).getByLabelText('What went wrong?'), 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    const field = within(dialog).getByLabelText('What went wrong?');
    await waitFor(() => expect(field).toHaveAccessibleDescription(m.reasonTooShort));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.writes()).toEqual([]);
  });

  it('shows the server’s field errors under their field and its message as a toast', async () => {
    const { user, server } = await renderOrder(order(), () =>
      apiError(400, 'VALIDATION_ERROR', 'Please fix the highlighted fields', {
        reason: 'Say what happened, not who you are',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open dispute' });
    await user.type(within(dialog).getByLabelText('What went wrong?'), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    const field = within(dialog).getByLabelText('What went wrong?');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Say what happened, not who you are'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // The toast sits outside the modal, which hides the rest of the page from assistive technology.
    expect(await screen.findByText('Please fix the highlighted fields')).toBeInTheDocument();
    expect(server.requests.at(-1)?.body).toEqual({ reason });
    // The dialog stays open with what was typed, to be fixed and sent again.
    expect(field).toHaveValue(reason);
  });

  it('disables the submit while the request is pending, then says so, closes and shows the dispute', async () => {
    const answer = held<OrderDetail>();
    const { user, server } = await renderOrder(order(), (r) =>
      r.path === '/api/v1/orders/o1/dispute' ? answer.response : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open dispute' });
    await user.type(within(dialog).getByLabelText('What went wrong?'), `  ${reason}  `);
    const submit = within(dialog).getByRole('button', { name: 'Open dispute' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    // A second click while pending sends nothing more.
    await user.click(submit);
    expect(server.writes()).toEqual(['POST /api/v1/orders/o1/dispute']);
    // The contract's schema trims the reason before it is sent.
    expect(server.requests.at(-1)?.body).toEqual({ reason });

    const disputed = order({ status: 'disputed', disputedAt: new Date().toISOString(), ticketId: 't1' });
    answer.release(disputed);
    expect(await screen.findByText(m.disputed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Disputed')).toBeInTheDocument();
    expect(actionNames()).toEqual(['View dispute']);
  });
});
