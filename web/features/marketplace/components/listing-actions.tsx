import { Pencil, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListingDetail } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { stockMessages as st } from '../../../../contract/messages/stock.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { WatchButton } from '../../../components/ui/watch-button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useDeleteListing, usePurchaseListing, useWatchListing } from '../api.ts';

/**
 * Buy (with a quantity when there is stock), edit, delete, report and watch, each shown when the server's
 * `abilities` allow it; buying and deleting ask first.
 */
export function ListingActions({ listing }: { listing: ListingDetail }) {
  const navigate = useNavigate();
  const purchase = usePurchaseListing();
  const remove = useDeleteListing();
  const watch = useWatchListing(listing.id);
  const [buyKey, setBuyKey] = useState('');
  const [units, setUnits] = useState(1);
  const maxUnits = Math.min(10, listing.stock);
  const quantity = Math.min(units, Math.max(1, maxUnits));
  // What this viewer may do comes from the server (abilities), never re-derived here.
  const { abilities } = listing;

  const buying = useConfirm(
    (close) =>
      purchase.mutate(
        // The price on screen is the price agreed: a change in between is refused with the new price.
        { id: listing.id, key: buyKey, expectedPrice: listing.price, units: quantity },
        {
          onSuccess: () => {
            toast.success(m.purchaseSuccess);
            close();
          },
          onError: (err) => {
            toast.error(errorMessage(err, m.purchaseError));
            close();
          },
        },
      ),
    purchase.isPending,
  );

  const deleting = useConfirm(
    (close) =>
      remove.mutate(listing.id, {
        onSuccess: () => {
          toast.success(m.deleted);
          void navigate('/marketplace', { replace: true });
        },
        onError: (err) => {
          toast.error(errorMessage(err, m.deleteFailed));
          close();
        },
      }),
    remove.isPending,
  );

  return (
    <>
      <div className="mt-6 flex flex-wrap items-end gap-2">
        {abilities.buy && maxUnits > 1 && (
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-muted">{st.quantity}</span>
            <select
              value={quantity}
              onChange={(e) => setUnits(Number(e.target.value))}
              className="h-10 cursor-pointer rounded-lg border border-line bg-surface px-3"
            >
              {Array.from({ length: maxUnits }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        {abilities.buy && (
          <Button
            icon={ShoppingCart}
            onClick={() => {
              setBuyKey(crypto.randomUUID());
              buying.ask();
            }}
          >
            {w.buyNow}
          </Button>
        )}
        {abilities.edit && (
          <ButtonLink to={`/marketplace/edit/${listing.id}`} icon={Pencil} variant="outline">
            {w.edit}
          </ButtonLink>
        )}
        {abilities.delete && (
          <Button variant="danger" onClick={deleting.ask} icon={Trash2}>
            {commonUi.delete}
          </Button>
        )}
        {abilities.report && <ReportButton type="listing" id={listing.id} label={ui.report} />}
        {abilities.watch && (
          <WatchButton watching={listing.watching} toggle={watch.mutateAsync} pending={watch.isPending} />
        )}
      </div>
      <ConfirmDialog
        {...buying.dialog}
        title={ui.confirmPurchase}
        message={m.purchaseConfirm}
        confirmLabel={ui.buyFor(listing.price * quantity)}
      />
      <ConfirmDialog {...deleting.dialog} title={ui.deleteListing} message={ui.deleteConfirm} />
    </>
  );
}
