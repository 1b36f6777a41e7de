import { Eye, Store, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Listing } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages.ts';
import {
  AdminIconButton,
  AdminIconLink,
  AdminPinButton,
  AdminRowActions,
} from '../../../components/ui/admin-row-actions.tsx';
import { AdminCell, AdminItemCell, AdminRow, AdminTable } from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SearchFilters } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useRowDelete } from '../../../lib/admin-list.ts';
import { formatDateShort, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import {
  type StatusFilter,
  type TypeFilter,
  useAdminDeleteListing,
  useAdminListings,
  usePinListing,
} from '../api.ts';
import { ListingImage, typeLabels } from '../components/listing-card.tsx';
import { statusOptions } from './marketplace-page.tsx';

const adminTypeOptions = { all: 'All', cheat: 'Cheat', account: 'Account', item: 'Item' };

/** Staff view every listing; pin and delete are admin only (moderators get the spec's messages). */
export function AdminMarketplacePage() {
  const { user } = useSession();
  const [status, setStatus] = useState<StatusFilter>('active');
  const [type, setType] = useState<TypeFilter>('all');
  const search = useSearchText();
  const query = useAdminListings({ status, type, sort: 'newest', q: search.q });
  const pin = usePinListing();
  const deleting = useRowDelete<Listing>(useAdminDeleteListing(), m.deleted, m.deleteFailed);
  const isAdmin = user?.role === 'admin';

  const togglePin = (l: Listing) => {
    if (!isAdmin) {
      toast.error(m.onlyAdminsPin);
      return;
    }
    pin.mutate(
      { id: l.id, isPinned: !l.isPinned },
      toastOutcome((r) => (r.isPinned ? 'Listing pinned' : 'Listing unpinned'), m.updateFailed),
    );
  };
  const askDelete = (l: Listing) => {
    if (!isAdmin) {
      toast.error(m.onlyAdminsDelete);
      return;
    }
    deleting.ask(l);
  };

  return (
    <div>
      <PageHeader title="Manage Marketplace" icon={Store}>
        Every member listing: view, pin and remove.
      </PageHeader>
      <SearchFilters
        from="lg"
        search={{
          ...search,
          label: 'Search listings',
          placeholder: 'Search title, description or seller...',
        }}
      >
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <Segmented label="Type" value={type} options={adminTypeOptions} onChange={setType} />
      </SearchFilters>

      <AdminTable
        query={query}
        texts={{ failed: m.loadListFailed, loading: 'Loading listings…', empty: m.empty }}
        columns={['Listing', 'Seller', 'Price', 'Status', 'Created', 'Actions']}
      >
        {(l) => (
          <AdminRow key={l.id}>
            <AdminItemCell
              image={<ListingImage listing={l} className="size-10 shrink-0 rounded-lg [&>svg]:size-5" />}
              title={l.title}
              pinned={l.isPinned}
            >
              <p className="text-xs text-muted">
                {typeLabels[l.type]} · {l.game}
              </p>
            </AdminItemCell>
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
              <AdminIconLink to={`/marketplace/${l.id}`} label={`View ${l.title}`}>
                <Eye className="size-4" aria-hidden="true" />
              </AdminIconLink>
              <AdminPinButton pinned={l.isPinned} title={l.title} onClick={() => togglePin(l)} />
              <AdminIconButton label={`Delete ${l.title}`} danger onClick={() => askDelete(l)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </AdminIconButton>
            </AdminRowActions>
          </AdminRow>
        )}
      </AdminTable>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete listing"
        message={`Are you sure you want to delete "${deleting.row?.title ?? ''}"? This action cannot be undone.`}
      />
    </div>
  );
}
