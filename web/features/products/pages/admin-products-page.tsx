import { Eye, Package, Pencil, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { productMessages as m } from '../../../../contract/messages/product.ts';
import type { AdminProduct, ProductStatus } from '../../../../contract/products.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { productUi as ui } from '../../../../contract/texts/product-ui.ts';
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
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SearchFilters } from '../../../components/ui/search-input.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { useRowDelete } from '../../../lib/admin-list.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useSearchText } from '../../../lib/use-debounced-value.ts';
import { useAdminProducts, useDeleteProduct, usePinProduct, useSetProductStatus } from '../api.ts';
import { ProductImage } from '../components/product-card.tsx';
import { ProductFormDialog } from '../components/product-form-dialog.tsx';

export function AdminProductsPage() {
  const [status, setStatus] = useState<'all' | ProductStatus>('active');
  const search = useSearchText();
  const query = useAdminProducts(status, search.q);
  const [editing, setEditing] = useState<AdminProduct | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const pin = usePinProduct();
  const setProductStatus = useSetProductStatus();
  const deleting = useRowDelete<AdminProduct>(useDeleteProduct(), m.deleted, m.deleteFailed);

  const openForm = (product?: AdminProduct) => {
    setEditing(product);
    setFormOpen(true);
  };
  const togglePin = (p: AdminProduct) =>
    pin.mutate(
      { id: p.id, isPinned: !p.isPinned },
      toastOutcome((r) => (r?.isPinned ? m.pinned : m.unpinned), m.updateFailed),
    );
  const toggleStatus = (p: AdminProduct) =>
    setProductStatus.mutate(
      { id: p.id, status: p.status === 'active' ? 'inactive' : 'active' },
      toastOutcome((r) => (r?.status === 'active' ? m.activated : m.deactivated), m.statusFailed),
    );

  const actions = (
    <Button onClick={() => openForm()} icon={Plus}>
      {ui.addProduct}
    </Button>
  );

  return (
    <Page title={ui.adminTitle} icon={Package} intro={ui.adminIntro} actions={actions}>
      <SearchFilters search={{ ...search, label: ui.search, placeholder: ui.searchPlaceholder }}>
        <Segmented
          label={commonUi.status}
          value={status}
          options={{ all: commonUi.all, active: w.active, inactive: w.inactive }}
          onChange={setStatus}
        />
      </SearchFilters>

      <AdminTable
        query={query}
        texts={{ failed: m.loadFailed, loading: ui.loading, empty: m.empty }}
        minWidth="min-w-[40rem]"
        columns={[ui.product, commonUi.status, w.created, commonUi.actions]}
      >
        {(p) => (
          <AdminRow>
            <AdminItemCell
              image={<ProductImage product={p} className="size-10 shrink-0 rounded-lg [&>svg]:size-5" />}
              title={p.title}
              pinned={p.isPinned}
            >
              <p className="max-w-xs truncate text-xs text-muted">{p.salesUrl}</p>
            </AdminItemCell>
            <AdminCell>
              <Badge tone={p.status === 'active' ? 'success' : 'neutral'}>
                {p.status === 'active' ? w.active : w.inactive}
              </Badge>
            </AdminCell>
            <AdminDateCell at={p.createdAt} short />
            <AdminRowActions>
              <AdminPinButton pinned={p.isPinned} title={p.title} onClick={() => togglePin(p)} />
              <AdminIconButton label={w.editItem(p.title)} onClick={() => openForm(p)}>
                <Pencil className="size-4" aria-hidden="true" />
              </AdminIconButton>
              <AdminIconLink to={`/products/${p.id}`} label={w.view(p.title)}>
                <Eye className="size-4" aria-hidden="true" />
              </AdminIconLink>
              <AdminIconButton
                label={p.status === 'active' ? ui.deactivate(p.title) : ui.activate(p.title)}
                onClick={() => toggleStatus(p)}
              >
                {p.status === 'active' ? (
                  <PowerOff className="size-4" aria-hidden="true" />
                ) : (
                  <Power className="size-4 text-success" aria-hidden="true" />
                )}
              </AdminIconButton>
              <AdminIconButton label={w.deleteItem(p.title)} danger onClick={() => deleting.ask(p)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </AdminIconButton>
            </AdminRowActions>
          </AdminRow>
        )}
      </AdminTable>

      <ProductFormDialog open={formOpen} onOpenChange={setFormOpen} product={editing} />
      <ConfirmDialog {...deleting.dialog} title={ui.deleteProduct} message={m.confirmDelete} />
    </Page>
  );
}
