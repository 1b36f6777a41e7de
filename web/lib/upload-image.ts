import { uploadLimits } from '../../contract/media.ts';
import { uploadMessages } from '../../contract/messages.ts';
import type { UploadedImage } from '../../contract/uploads.ts';
import { ApiError, type UploadOptions, upload } from './api.ts';

/**
 * Sends one image to `POST /api/v1/uploads`; the server re-encodes it and answers its `/media/…` address
 * (decision 023). A file over the size limit is refused here first, so it is never sent.
 */
export function uploadImage(file: Blob, options?: UploadOptions): Promise<UploadedImage> {
  if (file.size > uploadLimits.maxBytes) {
    return Promise.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', uploadMessages.tooLarge));
  }
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'image');
  return upload<UploadedImage>('/uploads', form, options);
}

/** The image files among those dropped or pasted. */
export function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));
}
