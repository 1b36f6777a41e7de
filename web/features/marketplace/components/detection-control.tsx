import { ShieldAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type DetectionStatus,
  detectionStatuses,
  detectionStatusLabels,
} from '../../../../contract/detection.ts';
import type { ListingDetail } from '../../../../contract/marketplace.ts';
import { watchMessages as m } from '../../../../contract/messages/watch.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Options, Select } from '../../../components/ui/select.tsx';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useSetDetection } from '../api.ts';

/**
 * The seller (or staff) keeps a cheat listing's detection status current, sold or not: its watchers are
 * alerted, and buyers still inside the protection window are offered a dispute when it turns detected.
 */
export function DetectionControl({ listing }: { listing: ListingDetail }) {
  const [status, setStatus] = useState<DetectionStatus>(listing.detectionStatus);
  const save = useSetDetection();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: listing.id, body: { detectionStatus: status } },
      {
        onSuccess: () => toast.success(m.detectionSaved),
        onError: (err) => toast.error(errorMessage(err, m.detectionFailed)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={ui.detectionStatus}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line p-4"
    >
      <ShieldAlert className="mb-3 size-5 shrink-0 text-muted" aria-hidden="true" />
      <Select
        label={ui.detectionStatus}
        value={status}
        onChange={(e) => setStatus(e.target.value as DetectionStatus)}
        className="min-w-48 flex-1"
        hint={ui.detectionHint}
      >
        <Options values={detectionStatuses} labels={detectionStatusLabels} />
      </Select>
      <Button
        type="submit"
        variant="outline"
        loading={save.isPending}
        disabled={status === listing.detectionStatus}
      >
        {ui.updateStatus}
      </Button>
    </form>
  );
}
