import { defineMessages } from '../i18n/define.ts';

/** Image uploads (decision 023); "Please upload an image file" is the spec's avatar wording. */
export const uploadMessages = /* @__PURE__ */ defineMessages('uploadMessages', {
  loginToUpload: 'You must be logged in to upload images',
  notAnImage: 'Please upload an image file (PNG, JPEG, WebP, GIF or AVIF)',
  tooLarge: 'The image must be 8 MB or smaller',
  tooManyPixels: 'The image is too large: at most 40 megapixels',
  tooManyPixelsLossless: 'The image is too large: at most 16 megapixels for PNG, GIF and TIFF',
  busy: 'Many images are being uploaded right now. Please try again in a few seconds.',
  dailyQuota: (used: string, limit: string) =>
    `You've uploaded ${used} today; the daily limit is ${limit}. Please try again later.`,
  notFound: 'Image not found',
  deleted: 'Image deleted',
  deleteFailed: 'Failed to delete image',
  confirmDelete: 'Delete this image everywhere it is shown? This cannot be undone.',
  uploadFailed: 'Failed to upload image',
  uploading: 'Uploading image…',
} as const);
