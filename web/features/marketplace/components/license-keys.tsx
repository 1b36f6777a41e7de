import { PackageMinus, Upload } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { Link } from 'react-router';
import { stockMessages as st } from '../../../../contract/messages/stock.ts';
import type { ClaimedKey } from '../../../../contract/stock.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useListingKeys, useOrderKeys, useUploadKeys, useWithdrawKeys } from '../api.ts';
import { DeliveredBox } from './delivered-box.tsx';

/** The buyer's own keys of their order, as text (never markup). */
export function BuyerKeys({ orderId }: { orderId: string }) {
  const query = useOrderKeys(orderId);
  const keys = query.data?.keys ?? [];
  if (!query.data || keys.length === 0) return null;
  return (
    <DeliveredBox label={st.yourKeys} title={st.yourKeys}>
      <ul className="mt-1 flex flex-col gap-1">
        {keys.map((k) => (
          <li key={k.id}>
            <code className="break-all">{k.key}</code>
          </li>
        ))}
      </ul>
    </DeliveredBox>
  );
}

const claimedLine = (k: ClaimedKey) => {
  const who = k.buyer?.username ?? w.formerMember;
  return k.state === 'sold' ? st.soldTo(who) : k.state === 'reserved' ? st.reservedFor(who) : st.burned;
};

/** The seller's side of a key listing: counts, who holds each claimed key, adding and withdrawing keys. */
export function SellerKeys({ listingId }: { listingId: string }) {
  const query = useListingKeys(listingId);
  const upload = useUploadKeys();
  const withdraw = useWithdrawKeys();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const page = query.data;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
    event.target.value = '';
  };

  const add = () =>
    upload.mutate(
      { id: listingId, keys: text },
      {
        onSuccess: (res) => {
          toast.success(st.keysAdded(res.changed));
          setText('');
          setError(undefined);
        },
        onError: (err) => {
          const message = errorMessage(err, st.keysRequired);
          setError(message);
          toast.error(message);
        },
      },
    );

  const withdrawing = useConfirm(
    (close) =>
      withdraw.mutate(listingId, {
        onSuccess: (res) => {
          toast.success(st.keysWithdrawn(res.changed));
          close();
        },
        onError: (err) => {
          toast.error(errorMessage(err, st.onlySellerKeys));
          close();
        },
      }),
    withdraw.isPending,
  );

  return (
    <section
      aria-label={ui.licenseKeys}
      className="mt-6 flex flex-col gap-3 rounded-xl border border-line p-4"
    >
      <h2 className="font-semibold">{ui.licenseKeys}</h2>
      {page && (
        <dl className="grid grid-cols-3 gap-2 text-center text-sm">
          {(
            [
              [ui.keysLeft, page.counts.available],
              [ui.keysReserved, page.counts.reserved],
              [w.sold, page.counts.sold],
            ] as const
          ).map(([label, n]) => (
            <div key={label} className="rounded-lg bg-surface-2 px-3 py-2">
              <dt className="text-muted">{label}</dt>
              <dd className="text-lg font-semibold">{n}</dd>
            </div>
          ))}
        </dl>
      )}
      {page && page.items.length > 0 && (
        <ul aria-label={ui.claimedKeys} className="flex flex-col gap-1 text-sm">
          {page.items.map((k) => (
            <li key={k.id} className="flex flex-wrap justify-between gap-2">
              <span>{claimedLine(k)}</span>
              {k.orderId && (
                <Link to="/orders" className="text-muted hover:underline">
                  {ui.order}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <Textarea
        label={st.keysLabel}
        rows={4}
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <label className="text-sm">
        <span className="text-muted">{st.keysFile}</span>{' '}
        <input type="file" accept=".txt,text/plain" onChange={(e) => void readFile(e)} />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button onClick={add} loading={upload.isPending} disabled={!text.trim()} icon={Upload}>
          {ui.addKeys}
        </Button>
        {page && page.counts.available > 0 && (
          <Button variant="outline" onClick={withdrawing.ask} icon={PackageMinus}>
            {ui.withdrawUnsold}
          </Button>
        )}
      </div>
      <ConfirmDialog {...withdrawing.dialog} title={ui.withdrawKeys} message={st.withdrawConfirm} />
    </section>
  );
}
