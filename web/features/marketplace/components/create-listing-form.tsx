import { PackagePlus } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { listingCreateBody } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m, stockMessages as st } from '../../../../contract/messages.ts';
import { Card } from '../../../components/ui/card.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { ImageUrlField } from '../../../components/ui/image-upload.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useCreateListing } from '../api.ts';
import { KeysField } from './keys-field.tsx';
import { BackLink, PriceInput } from './listing-form-parts.tsx';

const createFields = [
  'title',
  'game',
  'type',
  'detectionStatus',
  'features',
  'requirements',
  'description',
  'contentLink',
  'price',
  'imageUrl',
  'deliveryKind',
  'stock',
  'keys',
] as const;

/** The new listing: what it is, its price and text, its content link or keys, and its picture. */
export function CreateListingForm() {
  const create = useCreateListing();
  const navigate = useNavigate();
  const { field, handleSubmit, watch, setValue, upload, failed } = useZodForm(listingCreateBody, {
    defaultValues: {
      type: 'cheat',
      detectionStatus: 'unknown',
      imageUrl: '',
      deliveryKind: 'link',
      stock: 1,
    },
    // A field hidden by the delivery kind is left out of the body (a key listing's stock is its keys).
    shouldUnregister: true,
  });
  const type = watch('type');
  const deliveryKind = watch('deliveryKind');

  const onSubmit = handleSubmit(
    (body) =>
      create.mutate(body, {
        onSuccess: (listing) => {
          toast.success(m.created);
          void navigate(`/marketplace/${listing.id}`);
        },
        onError: failed(m.createFailed, createFields),
      }),
    (invalid) => {
      if (invalid.contentLink) toast.error(m.contentLinkToast, { id: 'content-link' });
    },
  );

  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to="/marketplace" label="Back to Marketplace" />
      <PageHeader title="Create Listing" icon={PackagePlus}>
        Sell a cheat, account or item for credits.
      </PageHeader>
      <Card className="p-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <Input label="Title" className="sm:col-span-2" {...field('title')} />
          <Input label="Game" {...field('game')} />
          <Select label="Type" {...field('type')}>
            <option value="cheat">Cheat</option>
            <option value="account">Account</option>
            <option value="item">Item</option>
            <option value="other">Other</option>
          </Select>
          {type === 'cheat' && (
            <Select label="Detection Status" {...field('detectionStatus')}>
              <option value="unknown">Unknown</option>
              <option value="undetected">Undetected</option>
              <option value="detected">Detected</option>
            </Select>
          )}
          <PriceInput {...field('price', { valueAsNumber: true })} />
          <Textarea label="Features" rows={3} className="sm:col-span-2" {...field('features')} />
          <Textarea label="Requirements" rows={3} className="sm:col-span-2" {...field('requirements')} />
          <Textarea label="Description" rows={6} className="sm:col-span-2" {...field('description')} />
          <Input
            label="Content Link"
            className="sm:col-span-2"
            hint="Shown only to you, the buyer and staff once it sells."
            {...field('contentLink')}
          />
          <ImageUrlField className="sm:col-span-2" {...field('imageUrl')} upload={upload('imageUrl')} />
          <Select label={st.deliveryKind} {...field('deliveryKind')}>
            <option value="link">{st.deliveryLink}</option>
            <option value="keys">{st.deliveryKeys}</option>
          </Select>
          {deliveryKind === 'keys' ? (
            <KeysField setValue={setValue} field={field('keys')} />
          ) : (
            <Input
              label="Stock"
              type="number"
              inputMode="numeric"
              min={1}
              max={10000}
              {...field('stock', { valueAsNumber: true })}
            />
          )}
          <SubmitRow loading={create.isPending} cancel="/marketplace" className="sm:col-span-2">
            Create Listing
          </SubmitRow>
        </form>
      </Card>
    </div>
  );
}
