import { z } from 'zod';
import { idParams } from './id-params.ts';
import { uploadMessages } from './messages/upload.ts';

export const uploadResponse = z.object({
  id: z.string(),
  /** Where the image is served, `/media/<id>.<ext>`; what a post, listing, product or Markdown refers to. */
  url: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadResponse>;

export const uploadIdParams = idParams(uploadMessages.notFound);
/** A staff takedown's answer: the upload's id. */
export const uploadDeleted = z.object({ id: z.string() });
