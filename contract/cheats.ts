import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';
import { idParams } from './id-params.ts';
import { cheatMessages as m } from './messages/cheat.ts';
import { cursorParam, pageOf } from './pages.ts';
import { person } from './people.ts';
import { httpUrlField } from './products.ts';
import { textField } from './text-field.ts';

export const cheatStatuses = ['undetected', 'detected', 'other'] as const;
export type CheatStatus = (typeof cheatStatuses)[number];
export const cheatStatusLabels: Record<CheatStatus, string> = /* @__PURE__ */ defineMessages(
  'cheatStatusLabels',
  {
    undetected: 'Undetected',
    detected: 'Detected',
    other: 'Other',
  },
);

export const cheatLimits = { title: { max: 100 }, game: { max: 100 }, description: { max: 5000 } } as const;
export const cheatPageSize = 24;

/** What staff send to publish or edit a cheat; a changed status is added to its timeline. */
export const cheatBody = z.object({
  title: textField(cheatLimits.title, m.titleRequired, m.titleTooLong),
  game: textField(cheatLimits.game, m.gameRequired, m.gameTooLong),
  description: textField(cheatLimits.description, m.descriptionRequired, m.descriptionTooLong),
  status: z.enum(cheatStatuses).default('undetected'),
  downloadUrl: httpUrlField(m.downloadUrlRequired, m.downloadUrlInvalid),
});
export type CheatBody = z.output<typeof cheatBody>;

export const cheatIdParams = idParams(m.notFound);

export const cheatListQuery = z.object({
  status: z.enum(['all', ...cheatStatuses]).default('all'),
  q: z.string().trim().max(100).optional(),
  cursor: cursorParam,
});

const member = person;

/** A cheat as anyone sees it: the download link only comes from the download action. */
export const cheat = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  game: z.string(),
  status: z.enum(cheatStatuses),
  downloads: z.number().int(),
  publishedBy: member.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Cheat = z.infer<typeof cheat>;

/** A card on the board: `watching` is whether the caller watches it (alerted on a status change); false for visitors. */
export const cheatCard = cheat.extend({ watching: z.boolean() });
export type CheatCard = z.infer<typeof cheatCard>;

export const cheatPage = pageOf(cheatCard);

/** One status change: `from` is null for the publication itself. */
export const cheatStatusChange = z.object({
  id: z.string(),
  at: z.string(),
  from: z.enum(cheatStatuses).nullable(),
  to: z.enum(cheatStatuses),
  by: member.nullable(),
});
export type CheatStatusChange = z.infer<typeof cheatStatusChange>;

export const cheatDetail = cheatCard.extend({ timeline: z.array(cheatStatusChange) });
export type CheatDetail = z.infer<typeof cheatDetail>;

/** Staff see the link they edit. */
export const adminCheat = cheat.extend({ downloadUrl: z.string() });
export type AdminCheat = z.infer<typeof adminCheat>;

export const cheatDownloadResponse = z.object({
  url: z.string(),
  downloads: z.number().int(),
  /** False when this member already downloaded this cheat today (the count did not move). */
  counted: z.boolean(),
});
