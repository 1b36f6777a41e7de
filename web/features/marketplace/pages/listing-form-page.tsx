import { Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { listingEditBody } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Card } from '../../../components/ui/card.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { ImageUrlField } from '../../../components/ui/image-upload.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SignedOut } from '../../../components/ui/signed-out.tsx';
import { PageSkeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useSession } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { useListing, useUpdateListing } from '../api.ts';
import { CreateListingForm } from '../components/create-listing-form.tsx';
import { BackLink, PriceInput } from '../components/listing-form-parts.tsx';

/** Spec §4: a visitor sees why they cannot create a listing, and signing in brings them back to the form. */
export function CreateListingPage() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSkeleton />;
  if (!user) return <SignedOut text={m.loginToCreate} />;
  return <CreateListingForm />;
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
      <BackLink to={`/marketplace/${listingId}`} label={ui.backToListing} />
      <PageHeader title={ui.editTitle} icon={Pencil}>
        {ui.editIntro}
      </PageHeader>
      <Card className="p-6">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label={w.title} {...field('title')} />
          <Textarea label={w.description} rows={6} {...field('description')} />
          <PriceInput {...field('price', { valueAsNumber: true })} />
          <ImageUrlField {...field('imageUrl')} upload={upload('imageUrl')} />
          <SubmitRow loading={update.isPending} cancel={`/marketplace/${listingId}`}>
            {commonUi.saveChanges}
          </SubmitRow>
        </form>
      </Card>
    </div>
  );
}
