import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { siteSettingsMessages as m } from '../../../../contract/messages/site-settings.ts';
import { type SiteSettingValue, siteSettingSchemas } from '../../../../contract/site.ts';
import { siteSettingsUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useUpdateSiteSetting } from '../api.ts';
import { type NumberField, NumberFields, SettingCard } from './setting-card.tsx';

const review = siteSettingSchemas.review;

/** The form's shape: the spam domains as a text, one a line, read into the setting's list on save. */
const reviewForm = z.object({
  firstPosts: review.shape.firstPosts,
  maxLinks: review.shape.maxLinks,
  spamDomains: z.string().transform((text, ctx) => {
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const parsed = review.shape.spamDomains.safeParse(lines);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: m.spamDomainInvalid });
    return z.NEVER;
  }),
});
type ReviewFormIn = z.input<typeof reviewForm>;
type ReviewFormOut = z.output<typeof reviewForm>;

// Built at render: the labels and hints are in the active language.
const reviewNumbers = (): NumberField<ReviewFormIn>[] => [
  { name: 'firstPosts', label: ui.firstPosts, min: 0, max: 50, hint: ui.firstPostsHint },
  { name: 'maxLinks', label: ui.maxLinks, min: 0, max: 100, hint: ui.maxLinksHint },
];

/** The review queue (issue 36): how many first posts wait for staff, the link limit, and the spam domains. */
export function ReviewForm({ value }: { value: SiteSettingValue<'review'> }) {
  const update = useUpdateSiteSetting();
  const form = useForm<ReviewFormIn, unknown, ReviewFormOut>({
    resolver: zodResolver(reviewForm),
    values: { ...value, spamDomains: value.spamDomains.join('\n') },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((v) =>
    update.mutate(
      { key: 'review', value: v },
      {
        onSuccess: () => toast.success(m.saved, { id: 'site-settings-saved' }),
        onError: (err) => {
          // The server names a bad domain by its place in the list (spamDomains.2): the text field shows it.
          for (const [field, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
            const name = field.split('.')[0] as keyof ReviewFormIn;
            if (name in value) form.setError(name, { type: 'server', message });
          }
          toast.error(errorMessage(err, m.saveFailed));
        },
      },
    ),
  );
  return (
    <SettingCard setting="review" submit={{ onSubmit, pending: update.isPending }} layout="grid">
      <NumberFields form={form} fields={reviewNumbers()} />
      <Textarea
        label={ui.spamDomains}
        rows={4}
        spellCheck={false}
        autoCapitalize="none"
        hint={ui.spamDomainsHint}
        error={errors.spamDomains?.message}
        className="sm:col-span-2"
        {...form.register('spamDomains')}
      />
    </SettingCard>
  );
}
