import { ArrowLeft, PackagePlus, Pencil } from 'lucide-react';
import { type ChangeEvent, useEffect } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { listingCreateBody, listingEditBody } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m, stockMessages as st } from '../../../../contract/messages.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { ImageUrlField } from '../../../components/ui/image-upload.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SignedOut } from '../../../components/ui/signed-out.tsx';
import { PageSkeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm, type ZodForm } from '../../../lib/forms.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreateListing, useListing, useUpdateListing } from '../api.ts';

type CreateIn = z.input<typeof listingCreateBody>;
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

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <ButtonLink to={to} icon={ArrowLeft} variant="ghost" size="sm" className="mb-4">
      {label}
    </ButtonLink>
  );
}

/** Spec §4: a visitor sees why they cannot create a listing, and signing in brings them back to the form. */
export function CreateListingPage() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSkeleton />;
  if (!user) return <SignedOut text={m.loginToCreate} />;
  return <CreateListingForm />;
}

function CreateListingForm() {
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
          <Input
            label="Price (Credits)"
            type="number"
            inputMode="numeric"
            min={1}
            {...field('price', { valueAsNumber: true })}
          />
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

/** Keys pasted one per line, or read from a .txt file into the same box. */
function KeysField({
  field,
  setValue,
}: {
  field: ReturnType<ZodForm<typeof listingCreateBody>['field']>;
  setValue: UseFormSetValue<CreateIn>;
}) {
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setValue('keys', await file.text(), { shouldValidate: true });
    event.target.value = '';
  };
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <Textarea label={st.keysLabel} rows={6} {...field} />
      <label className="text-sm">
        <span className="text-muted">{st.keysFile}</span>{' '}
        <input type="file" accept=".txt,text/plain" onChange={(e) => void readFile(e)} />
      </label>
    </div>
  );
}

export function EditListingPage() {
  const { listingId = '' } = useParams();
  const { user } = useSession();
  const listing = useListing(listingId);
  const update = useUpdateListing();
  const navigate = useNavigate();
  const { field, handleSubmit, reset, upload, failed } = useZodForm(listingEditBody);

  const data = listing.data;
  // The server's answer (abilities.edit: my active listing, or staff); a sold listing says why it cannot be edited.
  const allowed = Boolean(data?.abilities.edit);

  useEffect(() => {
    if (listing.isError) {
      toast.error(m.loadFailed, { id: 'listing-load' });
      void navigate('/marketplace', { replace: true });
    }
  }, [listing.isError, navigate]);

  useEffect(() => {
    if (!data || !user) return;
    if (!allowed) {
      toast.error(data.status !== 'active' ? m.alreadySold : m.noPermissionEdit, { id: 'listing-edit' });
      void navigate(`/marketplace/${data.id}`, { replace: true });
    } else {
      reset({
        title: data.title,
        description: data.description,
        price: data.price,
        imageUrl: data.imageUrl ?? '',
      });
    }
  }, [data, user, allowed, navigate, reset]);

  const onSubmit = handleSubmit((body) =>
    update.mutate(
      { id: listingId, body },
      {
        onSuccess: () => {
          toast.success(m.updated);
          void navigate(`/marketplace/${listingId}`);
        },
        onError: failed(m.updateFailed, ['title', 'description', 'price', 'imageUrl']),
      },
    ),
  );

  if (!data || !allowed || data.status !== 'active') return <PageSkeleton cards={1} />;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to={`/marketplace/${listingId}`} label="Back to Listing" />
      <PageHeader title="Edit Listing" icon={Pencil}>
        Game, type, features, requirements and content link cannot be changed.
      </PageHeader>
      <Card className="p-6">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label="Title" {...field('title')} />
          <Textarea label="Description" rows={6} {...field('description')} />
          <Input
            label="Price (Credits)"
            type="number"
            inputMode="numeric"
            min={1}
            {...field('price', { valueAsNumber: true })}
          />
          <ImageUrlField {...field('imageUrl')} upload={upload('imageUrl')} />
          <SubmitRow loading={update.isPending} cancel={`/marketplace/${listingId}`}>
            Save Changes
          </SubmitRow>
        </form>
      </Card>
    </div>
  );
}
