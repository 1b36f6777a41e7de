import { Eye, Store, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Listing } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { listingTypeLabels } from '../../../../contract/texts/market-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import {
  AdminIconButton,
  AdminIconLink,
  AdminPinButton,
  AdminRowActions,
} from '../../../components/ui/admin-row-actions.tsx';
import {
  AdminCell,
  AdminDateCell,
  AdminItemCell,
  AdminRow,
  AdminTable,
} from '../../../components/ui/admin-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SearchFilters } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useRowDelete } from '../../../lib/admin-list.ts';
import { useSession } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import {
  type StatusFilter,
  type TypeFilter,
  useAdminDeleteListing,
  useAdminListings,
  usePinListing,
} from '../api.ts';
import { ListingImage } from '../components/listing-card.tsx';
import { statusOptions } from './marketplace-page.tsx';

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
      toastOutcome((r) => (r.isPinned ? ui.pinned : ui.unpinned), m.updateFailed),
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
    <Page title={ui.adminTitle} icon={Store} intro={ui.adminIntro}>
      <SearchFilters
        from="lg"
        search={{
          ...search,
          label: w.searchListings,
          placeholder: ui.adminSearchPlaceholder,
        }}
      >
        <Segmented label={commonUi.status} value={status} options={statusOptions()} onChange={setStatus} />
        <Segmented
          label={commonUi.type}
          value={type}
          options={{
            all: commonUi.all,
            cheat: listingTypeLabels.cheat,
            account: listingTypeLabels.account,
            item: listingTypeLabels.item,
          }}
          onChange={setType}
        />
      </SearchFilters>

      <AdminTable
        query={query}
        texts={{ failed: m.loadListFailed, loading: w.loadingListings, empty: m.empty }}
        columns={[w.listing, w.seller, commonUi.price, commonUi.status, w.created, commonUi.actions]}
      >
        {(l) => (
          <AdminRow>
            <AdminItemCell
              image={<ListingImage listing={l} className="size-10 shrink-0 rounded-lg [&>svg]:size-5" />}
              title={l.title}
              pinned={l.isPinned}
            >
              <p className="text-xs text-muted">
                {listingTypeLabels[l.type]} · {l.game}
              </p>
            </AdminItemCell>
            <AdminCell>{l.seller.username}</AdminCell>
            <AdminCell className="whitespace-nowrap">{w.credits(l.price)}</AdminCell>
            <AdminCell>
              <Badge tone={l.status === 'active' ? 'success' : 'neutral'}>
                {l.status === 'active' ? w.active : w.sold}
              </Badge>
            </AdminCell>
            <AdminDateCell at={l.createdAt} short />
            <AdminRowActions>
              <AdminIconLink to={`/marketplace/${l.id}`} label={w.view(l.title)}>
                <Eye className="size-4" aria-hidden="true" />
              </AdminIconLink>
              <AdminPinButton pinned={l.isPinned} title={l.title} onClick={() => togglePin(l)} />
              <AdminIconButton label={w.deleteItem(l.title)} danger onClick={() => askDelete(l)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </AdminIconButton>
            </AdminRowActions>
          </AdminRow>
        )}
      </AdminTable>
      <ConfirmDialog
        {...deleting.dialog}
        title={ui.deleteListing}
        message={ui.deleteNamedConfirm(deleting.row?.title ?? '')}
      />
    </Page>
  );
}
