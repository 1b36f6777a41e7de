import { Eye, Pin, PinOff, Store, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { Listing } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages.ts';
import {
  AdminCell,
  AdminFilters,
  AdminRow,
  AdminRowActions,
  AdminTable,
  adminIconButton,
  useRowConfirm,
  useSearchText,
} from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateShort, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
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

/** Staff view every listing; pin and delete are admin only (moderators get the spec's messages). */
export function AdminMarketplacePage() {
  const { user } = useSession();
  const [status, setStatus] = useState<StatusFilter>('active');
  const [type, setType] = useState<TypeFilter>('all');
  const search = useSearchText();
  const query = useAdminListings({ status, type, sort: 'newest', q: search.q });
  const pin = usePinListing();
  const remove = useAdminDeleteListing();
  const deleting = useRowConfirm<Listing>();
  const isAdmin = user?.role === 'admin';

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
    deleting.ask(l);
  };
  const confirmDelete = () => {
    if (!deleting.row) return;
    remove.mutate(deleting.row.id, {
      onSuccess: () => {
        toast.success(m.deleted);
        deleting.close();
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
      <AdminFilters
        from="lg"
        search={{
          ...search,
          label: 'Search listings',
          placeholder: 'Search title, description or seller...',
        }}
      >
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <Segmented label="Type" value={type} options={adminTypeOptions} onChange={setType} />
      </AdminFilters>

      <AdminTable
        query={query}
        failedText={m.loadListFailed}
        toastId="admin-listings-load"
        loadingLabel="Loading listings…"
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
        {(l) => (
          <AdminRow key={l.id}>
            <AdminCell>
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
            </AdminCell>
            <AdminCell>{l.seller.username}</AdminCell>
            <AdminCell className="whitespace-nowrap">{l.price} Credits</AdminCell>
            <AdminCell>
              <Badge tone={l.status === 'active' ? 'success' : 'neutral'}>
                {l.status === 'active' ? 'Active' : 'Sold'}
              </Badge>
            </AdminCell>
            <AdminCell className="whitespace-nowrap text-muted">
              <time dateTime={toIsoString(l.createdAt)}>{formatDateShort(l.createdAt)}</time>
            </AdminCell>
            <AdminRowActions>
              <Link to={`/marketplace/${l.id}`} className={adminIconButton} aria-label={`View ${l.title}`}>
                <Eye className="size-4" aria-hidden="true" />
              </Link>
              <button
                type="button"
                className={adminIconButton}
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
                className={`${adminIconButton} hover:text-danger`}
                aria-label={`Delete ${l.title}`}
                onClick={() => askDelete(l)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </AdminRowActions>
          </AdminRow>
        )}
      </AdminTable>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete listing"
        message={`Are you sure you want to delete "${deleting.row?.title ?? ''}"? This action cannot be undone.`}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}
