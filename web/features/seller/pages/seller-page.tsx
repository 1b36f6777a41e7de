import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { stockMessages as st } from '../../../../contract/messages/stock.ts';
import type { SellerListing } from '../../../../contract/stock.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { sellerUi as ui } from '../../../../contract/texts/seller-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { CreateListingLink } from '../../../components/ui/market-links.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { WebhooksCard } from '../../../components/ui/webhooks-card.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatNumber } from '../../../lib/format.ts';
import toast from '../../../lib/toast.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { salesCsvPath, useSalesSummary, useSellerListings, useSetStock } from '../api.ts';
import { SalesChart } from '../components/sales-chart.tsx';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-surface-2 px-4 py-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold">{formatNumber(value)}</dd>
    </div>
  );
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** One listing's figures, and its stock (link listings) and low-stock warning, saved together. */
function ListingRow({ listing }: { listing: SellerListing }) {
  const setStock = useSetStock();
  const [stock, setStockText] = useState(String(listing.stock || ''));
  const [threshold, setThreshold] = useState(listing.lowStockThreshold?.toString() ?? '');
  const low = listing.lowStockThreshold !== null && listing.stock < listing.lowStockThreshold;
  const save = () =>
    setStock.mutate(
      {
        id: listing.id,
        body: {
          lowStockThreshold: numberOrNull(threshold),
          ...(listing.deliveryKind === 'link' && stock.trim() !== '' ? { stock: Number(stock) } : {}),
        },
      },
      {
        onSuccess: () => toast.success(st.stockSaved),
        onError: (err) => toast.error(errorMessage(err, st.stockInvalid)),
      },
    );
  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={listing.title}>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/marketplace/${listing.id}`} className="font-semibold break-words hover:underline">
          {listing.title}
        </Link>
        <Badge tone={listing.status === 'active' ? 'success' : 'neutral'}>
          {listing.status === 'active' ? w.active : listing.status === 'suspended' ? w.suspended : st.soldOut}
        </Badge>
        {low && <Badge tone="warning">{st.lowStockTitle}</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <Figure label={w.stock} value={listing.stock} />
        <Figure label={ui.unitsSold} value={listing.unitsSold} />
        <Figure label={ui.revenue} value={listing.revenue} />
        <Figure label={ui.openDisputes} value={listing.openDisputes} />
      </dl>
      {listing.keys && (
        <p className="text-sm text-muted">
          {ui.keysLine(listing.keys.available, listing.keys.reserved, listing.keys.sold)}
          {' · '}
          <Link to={`/marketplace/${listing.id}`} className="underline">
            {ui.manageKeys}
          </Link>
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2 text-sm">
        {listing.deliveryKind === 'link' && (
          <CountInput label={w.stock} value={stock} onChange={setStockText} />
        )}
        <CountInput label={ui.lowStockUnder} value={threshold} onChange={setThreshold} />
        <Button size="sm" variant="outline" onClick={save} loading={setStock.isPending}>
          {commonUi.save}
        </Button>
      </div>
    </Card>
  );
}

/** A small labelled count (1 to 10,000) of a listing card: its stock or its low-stock threshold. */
function CountInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-muted">{label}</span>
      <input
        type="number"
        min={1}
        max={10000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-28 rounded-lg border border-line bg-surface px-2"
      />
    </label>
  );
}

/** The seller dashboard (issue 18): figures per listing, 30 days of sales, low-stock warnings, CSV export. */
export function SellerPage() {
  const listings = useSellerListings();
  const sales = useSalesSummary();
  useFailureToast(listings.isError || sales.isError, 'seller-load', st.loadDashboardFailed);
  const summary = sales.data;

  const actions = (
    <>
      <a href={salesCsvPath} download className={buttonClasses('outline', 'md')}>
        <Download className="size-4" aria-hidden="true" />
        {st.exportCsv}
      </a>
      <CreateListingLink />
    </>
  );

  return (
    <Page width="max-w-5xl" title={st.dashboardTitle} icon={BarChart3} intro={ui.intro} actions={actions}>
      <section aria-label={ui.last30Days} className="mb-6">
        <Card className="flex flex-col gap-4 p-4 sm:p-5">
          <h2 className="font-semibold">{ui.last30Days}</h2>
          {summary ? (
            <>
              <dl className="grid gap-2 sm:grid-cols-3">
                <Figure label={ui.unitsSold} value={summary.units} />
                <Figure label={ui.revenue} value={summary.revenue} />
                <Figure label={ui.openDisputes} value={summary.openDisputes} />
              </dl>
              <SalesChart days={summary.days} />
            </>
          ) : (
            <Skeleton className="h-48 w-full" />
          )}
        </Card>
      </section>
      <section aria-label={ui.myListings}>
        <PagedList
          query={listings}
          loading={<SkeletonRows label={w.loadingListings} rows={6} className="h-40 w-full rounded-2xl" />}
          empty={
            <EmptyState text={st.dashboardEmpty} icon={<BarChart3 className="size-8" aria-hidden="true" />} />
          }
        >
          {(l) => <ListingRow listing={l} />}
        </PagedList>
      </section>
      <section aria-label={ui.hooksRegion} className="mt-6">
        <WebhooksCard base="/me/hooks" intro={ui.hooksIntro} />
      </section>
    </Page>
  );
}
