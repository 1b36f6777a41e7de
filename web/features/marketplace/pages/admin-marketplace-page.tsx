import { Eye, Pin, PinOff, Store, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { Listing } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateShort, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  type StatusFilter,
  type TypeFilter,
  useAdminDeleteListing,
  useAdminListings,
  usePinListing,
} from '../api.ts';
import { ListingImage, typeLabels } from '../components/listing-card.tsx';
import { statusOptions } from './marketplace-page.tsx';

const adminTypeOptions = [
  { value: 'all', label: 'All' },
  { value: 'cheat', label: 'Cheat' },
  { value: 'account', label: 'Account' },
  { value: 'item', label: 'Item' },
] as const;

const iconButton =
  'grid size-9 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary';

/** Staff view every listing; pin and delete are admin only (moderators get the spec's messages). */
export function AdminMarketplacePage() {
  const { user } = useSession();
  const [status, setStatus] = useState<StatusFilter>('active');
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const query = useAdminListings({ status, type, sort: 'newest', q });
  const pin = usePinListing();
  const remove = useAdminDeleteListing();
  const [deleting, setDeleting] = useState<Listing | undefined>();
  const isAdmin = user?.role === 'admin';

  useEffect(() => {
    if (query.isError)
      toast.error(errorMessage(query.error, m.loadListFailed), { id: 'admin-listings-load' });
  }, [query.isError, query.error]);

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const togglePin = (l: Listing) => {
    if (!isAdmin) {
      toast.error(m.onlyAdminsPin);
      return;
    }
    pin.mutate(
      { id: l.id, isPinned: !l.isPinned },
      {
        onSuccess: (r) => toast.success(r.isPinned ? 'Listing pinned' : 'Listing unpinned'),
        onError: (err) => toast.error(errorMessage(err, m.updateFailed)),
      },
    );
  };
  const askDelete = (l: Listing) => {
    if (!isAdmin) {
      toast.error(m.onlyAdminsDelete);
      return;
    }
    setDeleting(l);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(m.deleted);
        setDeleting(undefined);
      },
      onError: (err) => toast.error(errorMessage(err, m.deleteFailed)),
    });
  };

  return (
    <div>
      <PageHeader
        title="Manage Marketplace"
        icon={<Store className="size-6" aria-hidden="true" />}
        description="Every member listing: view, pin and remove."
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchInput
          label="Search listings"
          placeholder="Search title, description or seller..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="flex-1"
        />
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <Segmented label="Type" value={type} options={adminTypeOptions} onChange={setType} />
      </div>

      <AdminTable
        loading={query.isPending}
        loadingLabel="Loading listings…"
        isEmpty={items.length === 0}
        emptyText={m.empty}
        minWidth="min-w-[44rem]"
        columns={[
          { label: 'Listing' },
          { label: 'Seller' },
          { label: 'Price' },
          { label: 'Status' },
          { label: 'Created' },
          { label: 'Actions', align: 'right' },
        ]}
      >
        {items.map((l) => (
          <tr key={l.id} className="border-b border-line last:border-0 hover:bg-surface-2/50">
            <td className="px-4 py-3">
              <div className="flex items-center gap-3">
                <ListingImage listing={l} className="size-10 shrink-0 rounded-lg [&>svg]:size-5" />
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 font-medium">
                    {l.isPinned && <Pin className="size-3.5 text-primary" aria-label="Pinned" />}
                    <span className="truncate">{l.title}</span>
                  </p>
                  <p className="text-xs text-muted">
                    {typeLabels[l.type]} · {l.game}
                  </p>
                </div>
              </div>
            </td>
            <td className="px-4 py-3">{l.seller.username}</td>
            <td className="px-4 py-3 whitespace-nowrap">{l.price} Credits</td>
            <td className="px-4 py-3">
              <Badge tone={l.status === 'active' ? 'success' : 'neutral'}>
                {l.status === 'active' ? 'Active' : 'Sold'}
              </Badge>
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-muted">
              <time dateTime={toIsoString(l.createdAt)}>{formatDateShort(l.createdAt)}</time>
            </td>
            <td className="px-4 py-3">
              <div className="flex items-center justify-end gap-1">
                <Link to={`/marketplace/${l.id}`} className={iconButton} aria-label={`View ${l.title}`}>
                  <Eye className="size-4" aria-hidden="true" />
                </Link>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`${l.isPinned ? 'Unpin' : 'Pin'} ${l.title}`}
                  onClick={() => togglePin(l)}
                >
                  {l.isPinned ? (
                    <PinOff className="size-4" aria-hidden="true" />
                  ) : (
                    <Pin className="size-4" aria-hidden="true" />
                  )}
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-danger`}
                  aria-label={`Delete ${l.title}`}
                  onClick={() => askDelete(l)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      <LoadMore query={query} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete listing"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"? This action cannot be undone.`}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}
