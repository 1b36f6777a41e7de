import { uploadLimits } from '../../contract/media.ts';
import { uploadMessages } from '../../contract/messages/upload.ts';
import type { UploadedImage } from '../../contract/uploads.ts';
import { ApiError, type UploadOptions, upload } from './api.ts';

/** Sends after a 503 (the server re-encoding as many images as it takes at once) before giving up. */
const BUSY_ATTEMPTS = 3;
/** The longest wait between them, whatever Retry-After says. */
const BUSY_WAIT_MAX_SECONDS = 15;

const wait = (seconds: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    });
  });

/**
 * Sends one image to `POST /api/v1/uploads`; the server re-encodes it and answers its `/media/…` address
 * (decision 023). A file over the size limit is refused here first, so it is never sent. While the server is
 * busy (503, issue 36) it says so through `onBusy` and sends again after its Retry-After, a few times; the
 * last refusal's message is what the caller shows.
 */
export async function uploadImage(
  file: Blob,
  options: UploadOptions & { onBusy?: (message: string) => void } = {},
): Promise<UploadedImage> {
  if (file.size > uploadLimits.maxBytes) {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
  }
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'image');
  for (let attempt = 1; ; attempt++) {
    try {
      return await upload<UploadedImage>('/uploads', form, options);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 503 || attempt >= BUSY_ATTEMPTS) throw err;
      options.onBusy?.(err.message);
      await wait(Math.min(err.retryAfter ?? 5, BUSY_WAIT_MAX_SECONDS), options.signal);
    }
  }
}

/** The image files among those dropped or pasted. */
export function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));
}
