import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { isMediaPath } from '../../../contract/media.ts';
import { uploadMessages } from '../../../contract/messages/upload.ts';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { errorMessage } from '../../lib/api.ts';
import toast from '../../lib/toast.ts';
import { uploadImage } from '../../lib/upload-image.ts';
import { Button } from './button.tsx';
import { Img } from './img.tsx';
import { Input, type InputProps } from './input.tsx';

/**
 * The optional image of a post, listing or product: an address input, and the upload buttons that fill it.
 * `className` places both (e.g. across a grid's columns).
 */
export function ImageUrlField({
  upload,
  className,
  ...props
}: Omit<InputProps, 'label'> & { upload: { value: string | undefined; onChange: (url: string) => void } }) {
  return (
    <>
      <Input
        label={ui.imageUrlOptional}
        placeholder={ui.imageUrlPlaceholder}
        className={className}
        {...props}
      />
      {className ? (
        <div className={className}>
          <ImageUpload {...upload} />
        </div>
      ) : (
        <ImageUpload {...upload} />
      )}
    </>
  );
}

/**
 * Upload and remove buttons for an image field (posts, listings, products), with a preview of the upload.
 * The field's value becomes the upload's `/media/…` address; the address input beside it stays for links.
 */
export function ImageUpload({
  value,
  onChange,
  label,
}: {
  value: string | null | undefined;
  onChange: (url: string) => void;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange((await uploadImage(file, { onBusy: (message) => toast(message, { id: 'upload-busy' }) })).url);
    } catch (err) {
      toast.dismiss('upload-busy');
      toast.error(errorMessage(err, uploadMessages.uploadFailed));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      {isMediaPath(value) && (
        <Img
          src={value}
          alt={ui.uploadedImage}
          className="size-16 rounded-lg border border-line object-cover"
        />
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void send(e.target.files?.[0])}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        loading={busy}
        onClick={() => input.current?.click()}
        icon={ImagePlus}
      >
        {busy ? uploadMessages.uploading : (label ?? ui.uploadImage)}
      </Button>
      {value && (
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')} icon={X}>
          {ui.removeImage}
        </Button>
      )}
    </div>
  );
}
