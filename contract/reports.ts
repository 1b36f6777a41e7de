import { z } from 'zod';
import { reportMessages as m } from './messages.ts';

export const reportTargetTypes = ['post', 'comment', 'thread', 'reply', 'cheat', 'listing'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportLimits = { reason: { max: 1000 } } as const;

export const reportBody = z.object({
  target: z.object({ type: z.enum(reportTargetTypes), id: z.uuid({ error: m.targetNotFound }) }),
  reason: z
    .string({ error: m.reasonRequired })
    .trim()
    .min(1, m.reasonRequired)
    .max(reportLimits.reason.max, m.reasonTooLong),
});
export type ReportBody = z.input<typeof reportBody>;

export const reportCreated = z.object({
  id: z.string(),
  status: z.enum(['pending', 'resolved', 'dismissed']),
});
export type ReportCreated = z.infer<typeof reportCreated>;
