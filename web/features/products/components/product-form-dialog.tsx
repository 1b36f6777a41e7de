import { useEffect } from 'react';
import { productMessages as m } from '../../../../contract/messages/product.ts';
import { type AdminProduct, productBody } from '../../../../contract/products.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { productUi as ui } from '../../../../contract/texts/product-ui.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { ImageUrlField } from '../../../components/ui/image-upload.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useCreateProduct, useUpdateProduct } from '../api.ts';

const fieldNames = ['title', 'salesUrl', 'description', 'imageUrl'] as const;

/** Add a product (no `product`) or edit one; closes itself on success. */
export function ProductFormDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product?: AdminProduct;
}) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const { field, handleSubmit, reset, upload, failed } = useZodForm(productBody);

  useEffect(() => {
    if (open) {
      reset({
        title: product?.title ?? '',
        salesUrl: product?.salesUrl ?? '',
        description: product?.description ?? '',
        imageUrl: product?.imageUrl ?? '',
      });
    }
  }, [open, product, reset]);

  const onError = failed(m.saveFailed, fieldNames);
  const onSubmit = handleSubmit((body) => {
    if (product) {
      update.mutate(
        { id: product.id, body },
        {
          onSuccess: () => {
            toast.success(m.updated);
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast.success(m.added);
          onOpenChange(false);
        },
        onError,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={product ? ui.editProduct : ui.addProduct}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input label={w.title} {...field('title')} />
        <Input label={ui.salesUrl} type="url" placeholder="https://" {...field('salesUrl')} />
        <ImageUrlField {...field('imageUrl')} upload={upload('imageUrl')} />
        <Textarea label={w.description} {...field('description')} />
        <SubmitRow
          cancel={() => onOpenChange(false)}
          className="mt-2"
          loading={create.isPending || update.isPending}
        >
          {product ? commonUi.saveChanges : ui.addProduct}
        </SubmitRow>
      </form>
    </Dialog>
  );
}
