import { errorResponse } from '../errors.ts';
import { uploadDeleted, uploadIdParams, uploadResponse } from '../uploads.ts';
import type { RouteGroup } from './route.ts';

/** Uploaded images (decision 023): a member's upload (the web sends it with `upload()`), staff's takedown. */
export const uploadRoutes = {
  upload: {
    method: 'POST',
    path: '/uploads',
    access: 'member',
    summary:
      'Upload an image (multipart, one file up to 8 MB and 40 megapixels, 16 for PNG, GIF and TIFF); ' +
      'stored re-encoded as WebP (small PNGs stay PNG), at most 2000 px a side, without metadata, and ' +
      "served at the returned url. 429 past the member's daily quota; 503 with Retry-After while this " +
      'server is re-encoding as many images as it takes at once',
    consumes: ['multipart/form-data'],
    response: { 200: uploadResponse, 413: errorResponse, 503: errorResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/uploads/:id',
    access: 'staff',
    tags: ['admin', 'uploads'],
    summary:
      'Delete an uploaded image everywhere (staff): /media answers 404 from then on and the post, listing ' +
      'and product image fields showing it are emptied; audited',
    params: uploadIdParams,
    response: { 200: uploadDeleted },
  },
} as const satisfies RouteGroup;
