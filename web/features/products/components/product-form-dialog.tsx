import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { productMessages as m } from '../../../../contract/messages.ts';
import { type AdminProduct, productBody } from '../../../../contract/products.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ImageUpload } from '../../../components/ui/image-upload.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateProduct, useUpdateProduct } from '../api.ts';

type FormIn = z.input<typeof productBody>;
type FormOut = z.output<typeof productBody>;
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
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(productBody) });

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

  const onError = (err: unknown) => {
    applyServerFieldErrors(err, setError, fieldNames);
    toast.error(errorMessage(err, m.saveFailed));
  };
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
    <Dialog open={open} onOpenChange={onOpenChange} title={product ? 'Edit Product' : 'Add Product'}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input label="Title" error={errors.title?.message} {...register('title')} />
        <Input
          label="Sales URL"
          type="url"
          placeholder="https://"
          error={errors.salesUrl?.message}
          {...register('salesUrl')}
        />
        <Input
          label="Image URL (optional)"
          placeholder="https://… or upload an image"
          error={errors.imageUrl?.message}
          {...register('imageUrl')}
        />
        <ImageUpload
          value={watch('imageUrl')}
          onChange={(url) => setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
        />
        <Textarea label="Description" error={errors.description?.message} {...register('description')} />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {product ? 'Save Changes' : 'Add Product'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
