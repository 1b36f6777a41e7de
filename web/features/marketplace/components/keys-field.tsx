import type { ChangeEvent } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import type { listingCreateBody } from '../../../../contract/marketplace.ts';
import { stockMessages as st } from '../../../../contract/messages/stock.ts';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { ZodForm } from '../../../lib/forms.ts';

/** Keys pasted one per line, or read from a .txt file into the same box. */
export function KeysField({
  field,
  setValue,
}: {
  field: ReturnType<ZodForm<typeof listingCreateBody>['field']>;
  setValue: UseFormSetValue<z.input<typeof listingCreateBody>>;
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
