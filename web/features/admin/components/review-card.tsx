import { Ban, Check, Globe, MonitorSmartphone, ShieldAlert, X } from 'lucide-react';
import { Link } from 'react-router';
import type { ReviewItem } from '../../../../contract/review.ts';
import { reviewKindNouns, adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import type { ReviewKind, ReviewReason, ReviewStatus } from '../../../../contract/trust.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { DecisionButtons } from '../../../components/ui/decision-buttons.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { formatDateShort } from '../../../lib/format.ts';
import type { ReviewAction } from '../api.ts';
import { trustLevelLabels } from './user-row.tsx';

// Read at render (functions), so they are in the active language.
export const kindLabels = (): Record<ReviewKind, string> => ({
  forum_thread: ui.kindThread,
  forum_reply: ui.kindReply,
  social_post: ui.kindPost,
  direct_message: ui.kindMessage,
});
const reasonLabels = (): Record<ReviewReason, string> => ({
  first_posts: ui.reasonFirstPosts,
  links: ui.reasonLinks,
  spam_domain: ui.reasonSpamDomain,
  off_platform: ui.reasonOffPlatform,
});
/** A staff review's state (a held post's, or flagged feedback's): its words and its badge's tone. */
export const statusLabels = (): Record<ReviewStatus, string> => ({
  pending: ui.statusWaiting,
  approved: ui.statusApproved,
  rejected: ui.statusRejected,
});
export const statusTones: Record<ReviewStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'neutral',
};

const DAY = 24 * 60 * 60 * 1000;

/** "joined today", "joined 3 days ago", or the date for older accounts. */
function accountAge(joinedAt: string) {
  const days = Math.floor((Date.now() - Date.parse(joinedAt)) / DAY);
  if (days < 1) return ui.joinedToday;
  if (days < 60) return ui.joinedDaysAgo(days);
  return ui.joinedOn(formatDateShort(joinedAt));
}

function PlaceLink({ label, to, name }: { label: string; to: string; name: string }) {
  return (
    <>
      {label}{' '}
      <Link to={to} className="text-fg hover:text-primary">
        {name}
      </Link>
    </>
  );
}

/** Where the post would appear, or whom the message went to. */
function Place({ item }: { item: ReviewItem }) {
  const { category, thread, recipient } = item.place;
  if (recipient)
    return <PlaceLink label={ui.placeTo} to={`/profile/${recipient.id}`} name={recipient.username} />;
  if (thread) return <PlaceLink label={ui.placeIn} to={`/forum/post/${thread.id}`} name={thread.title} />;
  if (category) return <PlaceLink label={ui.placeIn} to={`/forum/c/${category.id}`} name={category.name} />;
  return item.kind === 'social_post' ? ui.inTheFeed : null;
}

/**
 * One queue item: what was sent (as text) and where, why it is held, who sent it (age, level, address, and
 * the accounts that share an address or device with them), and the decisions while it waits.
 */
export function ReviewCard({
  item,
  busy,
  canBan,
  onDecide,
}: {
  item: ReviewItem;
  busy: boolean;
  canBan: boolean;
  onDecide: (action: ReviewAction) => void;
}) {
  const { author } = item;
  const message = item.kind === 'direct_message';
  const about = ui.itemAbout(reviewKindNouns[item.kind], author.username);
  const status = statusLabels()[item.status];
  return (
    <Card className="flex flex-col gap-3 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTones[item.status]}>{status}</Badge>
        <span className="font-semibold">{kindLabels()[item.kind]}</span>
        <span className="text-muted">
          <Place item={item} />
        </span>
        <DateTime at={item.createdAt} className="ml-auto text-xs text-muted" />
      </div>

      <ul aria-label={ui.reasons} className="flex flex-wrap gap-1.5">
        {item.reasons.map((r) => (
          <li key={r}>
            <Badge tone={r === 'first_posts' ? 'neutral' : 'danger'}>{reasonLabels()[r]}</Badge>
          </li>
        ))}
      </ul>

      <div className="rounded-xl border border-line bg-surface-2/50 p-3">
        {item.content.title && <p className="mb-1 font-semibold break-words">{item.content.title}</p>}
        <p className="max-h-64 overflow-y-auto break-words whitespace-pre-line">{item.content.text}</p>
        {item.content.imageUrl && (
          <p className="mt-2 text-xs break-all text-muted">{ui.imageUrl(item.content.imageUrl)}</p>
        )}
      </div>

      <dl className="grid gap-x-4 gap-y-1.5 text-xs text-muted sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-fg">{ui.author}</dt>
        <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <ProfileLink person={author} className="font-semibold text-fg hover:text-primary" />
          <span>{accountAge(author.joinedAt)}</span>
          <Badge tone={author.trustLevel === 'new' ? 'warning' : 'neutral'}>
            {trustLevelLabels()[author.trustLevel]}
          </Badge>
          {author.banned && <Badge tone="danger">{ui.banned}</Badge>}
        </dd>
        <dt className="font-medium text-fg">
          <Globe className="mr-1 inline size-3.5" aria-hidden="true" />
          {ui.address}
        </dt>
        <dd className="break-all">{item.ipAddress ?? ui.unknown}</dd>
        <dt className="font-medium text-fg">
          <MonitorSmartphone className="mr-1 inline size-3.5" aria-hidden="true" />
          {ui.sharedAddress}
        </dt>
        <dd>
          {item.overlap.count === 0 ? (
            ui.noOtherAccounts
          ) : (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold text-danger">
                {ui.otherAccounts(item.overlap.count, item.overlap.count >= 50 ? '+' : '')}
              </span>
              {item.overlap.accounts.map((a) => (
                <Link key={a.id} to={`/profile/${a.id}`} className="text-fg hover:text-primary">
                  {a.username}
                </Link>
              ))}
            </span>
          )}
        </dd>
      </dl>

      {item.status === 'pending' ? (
        <DecisionButtons
          busy={busy}
          decisions={[
            {
              icon: Check,
              variant: 'outline',
              label: message ? ui.dismissItem(about) : ui.approveItem(about),
              text: message ? ui.dismiss : ui.approve,
              onClick: () => onDecide('approve'),
            },
            !message && {
              icon: X,
              variant: 'ghost',
              label: ui.rejectItem(about),
              text: ui.reject,
              onClick: () => onDecide('reject'),
            },
            canBan && {
              icon: Ban,
              variant: 'danger',
              label: message ? ui.banSenderOf(about) : ui.rejectAndBanItem(about),
              text: message ? ui.banSender : ui.rejectAndBan,
              onClick: () => onDecide('reject-and-ban'),
            },
          ]}
        />
      ) : (
        item.decision && (
          <p className="flex flex-wrap items-center gap-1 text-xs text-muted">
            <ShieldAlert className="size-3.5" aria-hidden="true" />
            {item.decision.by
              ? ui.decidedByOn(status, item.decision.by.username, formatDateShort(item.decision.at))
              : ui.decidedOn(status, formatDateShort(item.decision.at))}
            {item.decision.reason && <>: {item.decision.reason}</>}
          </p>
        )
      )}
    </Card>
  );
}
