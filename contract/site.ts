import { z } from 'zod';

/** Public configuration the web app needs before anything else (the bottom bar's external links). */
export const publicConfig = z.object({
  supportStreamUrl: z.string().nullable(),
  communityChatUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
