import { PackagePlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { detectionStatusLabels } from '../../../../contract/detection.ts';
import { listingCreateBody } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { stockMessages as st } from '../../../../contract/messages/stock.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { listingTypeLabels } from '../../../../contract/texts/market-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Card } from '../../../components/ui/card.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { ImageUrlField } from '../../../components/ui/image-upload.tsx';
import { Input, WholeNumberInput } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
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
      <BackLink to="/marketplace" label={w.backToMarketplace} />
      <PageHeader title={w.createListing} icon={PackagePlus}>
        {ui.createIntro}
      </PageHeader>
      <Card className="p-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <Input label={w.title} className="sm:col-span-2" {...field('title')} />
          <Input label={w.game} {...field('game')} />
          <Select label={commonUi.type} {...field('type')}>
            <option value="cheat">{listingTypeLabels.cheat}</option>
            <option value="account">{listingTypeLabels.account}</option>
            <option value="item">{listingTypeLabels.item}</option>
            <option value="other">{listingTypeLabels.other}</option>
          </Select>
          {type === 'cheat' && (
            <Select label={ui.detectionStatusField} {...field('detectionStatus')}>
              <option value="unknown">{detectionStatusLabels.unknown}</option>
              <option value="undetected">{detectionStatusLabels.undetected}</option>
              <option value="detected">{detectionStatusLabels.detected}</option>
            </Select>
          )}
          <PriceInput {...field('price', { valueAsNumber: true })} />
          <Textarea label={w.features} rows={3} className="sm:col-span-2" {...field('features')} />
          <Textarea label={w.requirements} rows={3} className="sm:col-span-2" {...field('requirements')} />
          <Textarea label={w.description} rows={6} className="sm:col-span-2" {...field('description')} />
          <Input
            label={ui.contentLink}
            className="sm:col-span-2"
            hint={ui.contentLinkHint}
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
            <WholeNumberInput
              label={w.stock}
              min={1}
              max={10000}
              {...field('stock', { valueAsNumber: true })}
            />
          )}
          <SubmitRow loading={create.isPending} cancel="/marketplace" className="sm:col-span-2">
            {w.createListing}
          </SubmitRow>
        </form>
      </Card>
    </div>
  );
}
