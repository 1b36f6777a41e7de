import { z } from 'zod';
import { idParams } from './id-params.ts';
import { reportMessages as m } from './messages/report.ts';
import { pageOf, statusPageQuery } from './pages.ts';
import { person } from './people.ts';
import { textField } from './text-field.ts';

export const reportTargetTypes = ['post', 'comment', 'thread', 'reply', 'cheat', 'listing'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportStatuses = ['pending', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const reportLimits = { reason: { max: 1000 } } as const;

export const reportBody = z.object({
  target: z.object({ type: z.enum(reportTargetTypes), id: z.uuid({ error: m.targetNotFound }) }),
  reason: textField(reportLimits.reason, m.reasonRequired, m.reasonTooLong),
});

export const reportCreated = z.object({
  id: z.string(),
  status: z.enum(reportStatuses),
});
export type ReportCreated = z.infer<typeof reportCreated>;

// --- staff moderation (spec §2 Admin Reports, §4 Report, §6) -----------------------------------------

export const reportStatusFilters = [...reportStatuses, 'all'] as const;
export type ReportStatusFilter = (typeof reportStatusFilters)[number];
export const adminReportPageSize = 20;

/** Spec §9 default filter: reports pending. */
export const adminReportsQuery = statusPageQuery(reportStatusFilters, 'pending');

export const reportIdParams = idParams(m.notFound);

export const adminReport = z.object({
  id: z.string(),
  reason: z.string(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporter: person.nullable(),
  resolver: person.nullable(),
  target: z.object({
    type: z.enum(reportTargetTypes),
    /** null once the content was deleted. */
    id: z.string().nullable(),
    /** A short text of the content (title or the start of its text), null once deleted. */
    preview: z.string().nullable(),
    /** Where the content is shown on the site, null once deleted. */
    href: z.string().nullable(),
    author: person.nullable(),
    /** The images we host that the content shows (its image field, the /media addresses in its text). */
    images: z.array(z.object({ id: z.string(), url: z.string() })),
  }),
});
export type AdminReport = z.infer<typeof adminReport>;
export const adminReportPage = pageOf(adminReport);
export type AdminReportPage = z.infer<typeof adminReportPage>;

/** A staff decision on a report: its id and new status. */
export const reportDecided = z.object({ id: z.string(), status: z.enum(reportStatuses) });
/** The reported content's author, once banned. */
export const reportAuthorBanned = z.object({ id: z.string(), username: z.string(), banned: z.boolean() });
