import { Eye, Package, Pencil, Pin, PinOff, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { productMessages as m } from '../../../../contract/messages.ts';
import type { AdminProduct, ProductStatus } from '../../../../contract/products.ts';
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
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateShort, toIsoString } from '../../../lib/format.ts';
import { useAdminProducts, useDeleteProduct, usePinProduct, useSetProductStatus } from '../api.ts';
import { ProductImage } from '../components/product-card.tsx';
import { ProductFormDialog } from '../components/product-form-dialog.tsx';

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export function AdminProductsPage() {
  const [status, setStatus] = useState<'all' | ProductStatus>('active');
  const search = useSearchText();
  const query = useAdminProducts(status, search.q);
  const [editing, setEditing] = useState<AdminProduct | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const deleting = useRowConfirm<AdminProduct>();
  const pin = usePinProduct();
  const setProductStatus = useSetProductStatus();
  const remove = useDeleteProduct();

  const openForm = (product?: AdminProduct) => {
    setEditing(product);
    setFormOpen(true);
  };
  const togglePin = (p: AdminProduct) =>
    pin.mutate(
      { id: p.id, isPinned: !p.isPinned },
      {
        onSuccess: (r) => toast.success(r?.isPinned ? m.pinned : m.unpinned),
        onError: (err) => toast.error(errorMessage(err, m.updateFailed)),
      },
    );
  const toggleStatus = (p: AdminProduct) =>
    setProductStatus.mutate(
      { id: p.id, status: p.status === 'active' ? 'inactive' : 'active' },
      {
        onSuccess: (r) => toast.success(r?.status === 'active' ? m.activated : m.deactivated),
        onError: (err) => toast.error(errorMessage(err, m.statusFailed)),
      },
    );
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
        title="Manage Products"
        icon={<Package className="size-6" aria-hidden="true" />}
        description="The official catalogue: add, edit, pin and retire products."
        actions={
          <Button onClick={() => openForm()}>
            <Plus className="size-4" aria-hidden="true" />
            Add Product
          </Button>
        }
      />
      <AdminFilters search={{ ...search, label: 'Search products', placeholder: 'Search products...' }}>
        <Segmented label="Status" value={status} options={statusOptions} onChange={setStatus} />
      </AdminFilters>

      <AdminTable
        query={query}
        failedText={m.loadFailed}
        toastId="admin-products-load"
        loadingLabel="Loading products…"
        emptyText={m.empty}
        minWidth="min-w-[40rem]"
        columns={[
          { label: 'Product' },
          { label: 'Status' },
          { label: 'Created' },
          { label: 'Actions', align: 'right' },
        ]}
      >
        {(p) => (
          <AdminRow key={p.id}>
            <AdminCell>
              <div className="flex items-center gap-3">
                <ProductImage product={p} className="size-10 shrink-0 rounded-lg [&>svg]:size-5" />
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 font-medium">
                    {p.isPinned && <Pin className="size-3.5 text-primary" aria-label="Pinned" />}
                    <span className="truncate">{p.title}</span>
                  </p>
                  <p className="max-w-xs truncate text-xs text-muted">{p.salesUrl}</p>
                </div>
              </div>
            </AdminCell>
            <AdminCell>
              <Badge tone={p.status === 'active' ? 'success' : 'neutral'}>
                {p.status === 'active' ? 'Active' : 'Inactive'}
              </Badge>
            </AdminCell>
            <AdminCell className="whitespace-nowrap text-muted">
              <time dateTime={toIsoString(p.createdAt)}>{formatDateShort(p.createdAt)}</time>
            </AdminCell>
            <AdminRowActions>
              <button
                type="button"
                className={adminIconButton}
                aria-label={`${p.isPinned ? 'Unpin' : 'Pin'} ${p.title}`}
                onClick={() => togglePin(p)}
              >
                {p.isPinned ? (
                  <PinOff className="size-4" aria-hidden="true" />
                ) : (
                  <Pin className="size-4" aria-hidden="true" />
                )}
              </button>
              <button
                type="button"
                className={adminIconButton}
                aria-label={`Edit ${p.title}`}
                onClick={() => openForm(p)}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </button>
              <Link to={`/products/${p.id}`} className={adminIconButton} aria-label={`View ${p.title}`}>
                <Eye className="size-4" aria-hidden="true" />
              </Link>
              <button
                type="button"
                className={adminIconButton}
                aria-label={`${p.status === 'active' ? 'Deactivate' : 'Activate'} ${p.title}`}
                onClick={() => toggleStatus(p)}
              >
                {p.status === 'active' ? (
                  <PowerOff className="size-4" aria-hidden="true" />
                ) : (
                  <Power className="size-4 text-success" aria-hidden="true" />
                )}
              </button>
              <button
                type="button"
                className={`${adminIconButton} hover:text-danger`}
                aria-label={`Delete ${p.title}`}
                onClick={() => deleting.ask(p)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </AdminRowActions>
          </AdminRow>
        )}
      </AdminTable>

      <ProductFormDialog open={formOpen} onOpenChange={setFormOpen} product={editing} />
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete product"
        message={m.confirmDelete}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}
