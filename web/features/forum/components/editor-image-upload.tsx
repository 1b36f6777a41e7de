import { type ClipboardEvent, type DragEvent, useRef, useState } from 'react';
import { uploadMessages } from '../../../../contract/messages/upload.ts';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { imageFiles, uploadImage } from '../../../lib/upload-image.ts';
import type { EditorText } from './use-caret.ts';

/** Alt text from a file name: its base name, without the characters that would end the Markdown. */
const altFor = (file: File) =>
  (file.name.replace(/\.[a-z0-9]+$/i, '') || 'image')
    .replace(/[[\]()\\\n\r]/g, ' ')
    .trim()
    .slice(0, 100);

/**
 * Images into the Markdown editor (decision 023): the toolbar's Image button, paste and drag-and-drop all
 * upload the file and insert `![alt](/media/…)` where the caret was. A placeholder holds the place while the
 * upload runs, so typing on meanwhile is kept; a failed upload removes it and says why.
 */
export function useEditorImageUpload({ textarea, value, onChange }: EditorText) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(0);
  // The text as it is now, not as it was when an upload started (the upload's callback outlives renders).
  const latest = useRef(value);
  latest.current = value;

  const insert = (files: File[]) => {
    for (const file of files) {
      const alt = altFor(file);
      const placeholder = `![${uploadMessages.uploading} ${alt}]()`;
      const el = textarea.current;
      const text = latest.current;
      const at = el ? el.selectionEnd : text.length;
      const before = text.slice(0, at);
      const gap = before && !before.endsWith('\n') ? '\n' : '';
      latest.current = `${before}${gap}${placeholder}\n${text.slice(at)}`;
      onChange(latest.current);
      setPending((n) => n + 1);
      uploadImage(file, { onBusy: (message) => toast(message, { id: 'upload-busy' }) })
        .then(
          (image) => {
            latest.current = latest.current.replace(placeholder, `![${alt}](${image.url})`);
          },
          (err) => {
            toast.dismiss('upload-busy');
            latest.current = latest.current.replace(`${placeholder}\n`, '').replace(placeholder, '');
            toast.error(errorMessage(err, uploadMessages.uploadFailed));
          },
        )
        .finally(() => {
          onChange(latest.current);
          setPending((n) => n - 1);
        });
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = imageFiles(event.clipboardData.files);
    if (!files.length) return;
    event.preventDefault();
    insert(files);
  };
  const onDragOver = (event: DragEvent<HTMLTextAreaElement>) => {
    if (event.dataTransfer.types.includes('Files')) event.preventDefault();
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const files = imageFiles(event.dataTransfer.files);
    if (!files.length) return;
    event.preventDefault();
    insert(files);
  };

  const input = (
    <input
      ref={fileInput}
      type="file"
      accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
      multiple
      className="hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => {
        insert(imageFiles(e.target.files));
        e.target.value = '';
      }}
    />
  );

  return {
    /** Opens the file picker (the toolbar's Image button). */
    pick: () => fileInput.current?.click(),
    uploading: pending > 0,
    input,
    handlers: { onPaste, onDragOver, onDrop },
  };
}
