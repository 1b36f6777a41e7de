import {
  CalendarDays,
  Coins,
  Heart,
  MessageSquare,
  Pencil,
  Star,
  UserCheck,
  UserPlus,
  UserX,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { socialMessages } from '../../../../contract/messages.ts';
import type { PublicProfile } from '../../../../contract/profiles.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { HostedImage } from '../../../components/ui/hosted-image.tsx';
import { SellerFigures } from '../../../components/ui/seller-figures.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { formatDateLong, formatNumber, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useFollowProfile, useProfile, useProfileFeedback, useProfilePosts } from '../api.ts';
import { ForumTab } from '../components/forum-tab.tsx';

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

type ProfileTab = 'forum' | 'social';
const tabs: Record<ProfileTab, string> = { forum: 'Forum Posts', social: 'Social & Feedback' };

export function ProfilePage() {
  const { userId = '' } = useParams();
  const profile = useProfile(userId);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status < 500;
    return (
      <div className="mx-auto w-full max-w-3xl">
        <EmptyState
          icon={<UserX className="size-8 text-muted/60" aria-hidden="true" />}
          text={missing ? socialMessages.profileNotFound : 'Failed to load profile'}
          action={
            <Link to="/" className={buttonClasses('outline', 'sm')}>
              Back to home
            </Link>
          }
        />
      </div>
    );
  }
  return <ProfileView profile={profile.data} />;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const { user } = useSession();
  const own = user?.id === profile.id;
  const [tab, setTab] = useState<ProfileTab>('forum');

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className="h-24 bg-gradient-to-r from-primary via-secondary to-[#312e81] sm:h-32"
        />
        <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:px-8">
          <Avatar
            username={profile.username}
            avatarUrl={profile.avatarUrl}
            className="-mt-12 size-24 border-4 border-surface text-3xl! sm:-mt-14 sm:size-28"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="truncate text-2xl font-bold tracking-tight">{profile.username}</h1>
              {profile.role === 'admin' && <Badge tone="danger">Admin</Badge>}
              {profile.role === 'moderator' && <Badge tone="primary">Moderator</Badge>}
              {profile.banned && <Badge tone="danger">Banned</Badge>}
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" />
                Joined {monthFormat.format(new Date(profile.createdAt))}
              </span>
              <span>
                <strong className="text-fg">{formatNumber(profile.followerCount)}</strong>{' '}
                {profile.followerCount === 1 ? 'follower' : 'followers'}
              </span>
              <span>
                <strong className="text-fg">{formatNumber(profile.followingCount)}</strong> following
              </span>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {own ? (
              <ButtonLink to="/edit-profile" icon={Pencil} variant="outline">
                Edit Profile
              </ButtonLink>
            ) : (
              <>
                <FollowButton profile={profile} />
                <Link to={`/messages/new?recipient=${profile.id}`} className={buttonClasses('outline', 'md')}>
                  <MessageSquare className="size-4" aria-hidden="true" />
                  Message
                </Link>
              </>
            )}
          </div>
        </div>
        {profile.bio && (
          <p className="border-t border-line px-5 py-4 text-sm leading-relaxed break-words whitespace-pre-wrap sm:px-8">
            {profile.bio}
          </p>
        )}
      </Card>

      {(profile.balance !== undefined || profile.credits !== undefined) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {profile.balance !== undefined && (
            <MoneyCard
              label="Balance"
              hint="Main currency"
              value={profile.balance}
              icon={<Wallet className="size-5" aria-hidden="true" />}
            />
          )}
          {profile.credits !== undefined && (
            <MoneyCard
              label="Credits"
              hint="Marketplace currency"
              value={profile.credits}
              icon={<Coins className="size-5" aria-hidden="true" />}
            />
          )}
        </div>
      )}

      <div>
        <Tabs id="profile" label="Profile sections" value={tab} options={tabs} onChange={setTab} />
        <div {...tabPanelProps('profile', tab)} className="mt-5 focus-visible:outline-none">
          {tab === 'forum' ? <ForumTab userId={profile.id} /> : <SocialTab userId={profile.id} />}
        </div>
      </div>
    </div>
  );
}

function FollowButton({ profile }: { profile: PublicProfile }) {
  const follow = useFollowProfile(profile.id);
  return (
    <Button
      variant={profile.isFollowing ? 'secondary' : 'primary'}
      loading={follow.isPending}
      onClick={() =>
        follow.mutate(!profile.isFollowing, {
          onSuccess: (res) =>
            toast.success(res.following ? socialMessages.followed : socialMessages.unfollowed),
          onError: (err) => toast.error(errorMessage(err, socialMessages.followFailed)),
        })
      }
    >
      {profile.isFollowing ? (
        <UserCheck className="size-4" aria-hidden="true" />
      ) : (
        <UserPlus className="size-4" aria-hidden="true" />
      )}
      {profile.isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  );
}

function MoneyCard({
  label,
  hint,
  value,
  icon,
}: {
  label: string;
  hint: string;
  value: number;
  icon: ReactNode;
}) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">{icon}</span>
      <div>
        <h2 className="text-sm font-medium text-muted">{label}</h2>
        <p className="text-2xl font-bold tabular-nums">{formatNumber(value)}</p>
        <p className="text-xs text-muted">{hint}</p>
      </div>
    </Card>
  );
}

/** Feedback (filled by the marketplace) and the member's social posts with their like counts. */
function SocialTab({ userId }: { userId: string }) {
  const posts = useProfilePosts(userId, true);
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  const feedback = useProfileFeedback(userId);
  const first = feedback.data?.pages[0];
  const entries = feedback.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="feedback-heading" className="flex flex-col gap-4">
        <h2 id="feedback-heading" className="text-lg font-semibold">
          Feedback
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Card className="flex items-center gap-4 p-5">
            <Star className="size-8 text-amber-500" aria-hidden="true" />
            <div>
              <p className="text-2xl font-bold tabular-nums">
                {(first?.averageRating ?? 0).toFixed(1)}{' '}
                <span className="text-base font-medium text-muted">/ 5.0</span>
              </p>
              <p className="text-xs text-muted">Average rating</p>
            </div>
          </Card>
          <Card className="flex items-center gap-4 p-5">
            <UserCheck className="size-8 text-success" aria-hidden="true" />
            <div>
              <p className="text-2xl font-bold tabular-nums">{first?.vouches ?? 0}</p>
              <p className="text-xs text-muted">Vouches</p>
            </div>
          </Card>
        </div>
        {first && (
          <Card className="p-4">
            <SellerFigures reputation={first} />
          </Card>
        )}
        {feedback.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : entries.length === 0 ? (
          <EmptyState text="No feedback yet" className="py-8" />
        ) : (
          <ul aria-label="Feedback entries" className="flex flex-col gap-3">
            {entries.map((f) => (
              <li key={f.id}>
                <Card className="p-4">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {f.author ? (
                      <Link to={`/profile/${f.author.id}`} className="font-medium hover:underline">
                        {f.author.username}
                      </Link>
                    ) : (
                      <span className="font-medium text-muted">Former member</span>
                    )}
                    <span className="text-muted">·</span>
                    <time className="text-muted" dateTime={toIsoString(f.createdAt)}>
                      {formatDateLong(f.createdAt)}
                    </time>
                    <span className="ml-auto flex" role="img" aria-label={`${f.rating} out of 5 stars`}>
                      {[1, 2, 3, 4, 5].map((n) => (
                        <Star
                          key={n}
                          className={
                            n <= f.rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-muted'
                          }
                          aria-hidden="true"
                        />
                      ))}
                    </span>
                  </div>
                  <p className="mt-2 text-sm break-words whitespace-pre-line">{f.comment}</p>
                  <p className="mt-1 text-xs text-muted">
                    {f.listingId ? (
                      <Link to={`/marketplace/${f.listingId}`} className="hover:underline">
                        {f.listingTitle}
                      </Link>
                    ) : (
                      f.listingTitle
                    )}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="social-heading" className="flex flex-col gap-4">
        <h2 id="social-heading" className="text-lg font-semibold">
          Social posts
        </h2>
        {posts.isPending ? (
          <div className="flex flex-col gap-3" role="status">
            <span className="sr-only">Loading posts…</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : posts.isError ? (
          <EmptyState text={socialMessages.loadPostsFailed} className="py-8" />
        ) : items.length === 0 ? (
          <EmptyState text="No posts yet" className="py-8" />
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Social posts">
            {items.map((post) => (
              <li key={post.id}>
                <Card className="p-5">
                  <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap">
                    {post.content}
                  </p>
                  {post.imageUrl && (
                    <HostedImage
                      src={post.imageUrl}
                      alt=""
                      className="mt-3 max-h-80 w-full rounded-xl border border-line object-cover"
                      linkClassName="mt-3"
                    />
                  )}
                  <div className="mt-3 flex items-center justify-between text-xs text-muted">
                    <time dateTime={toIsoString(post.createdAt)}>{formatDateLong(post.createdAt)}</time>
                    <span className="inline-flex items-center gap-1">
                      <Heart className="size-3.5" aria-hidden="true" />
                      {formatNumber(post.likeCount)}
                      <span className="sr-only">{post.likeCount === 1 ? 'like' : 'likes'}</span>
                    </span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {posts.hasNextPage && (
          <Button
            variant="outline"
            className="self-center"
            loading={posts.isFetchingNextPage}
            onClick={() => posts.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </section>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <span className="sr-only">Loading profile…</span>
      <Card className="overflow-hidden">
        <Skeleton className="h-24 rounded-none sm:h-32" />
        <div className="flex items-end gap-4 px-5 pb-6 sm:px-8">
          <Skeleton className="-mt-12 size-24 rounded-full border-4 border-surface" />
          <div className="flex-1">
            <Skeleton className="h-7 w-48" />
            <Skeleton className="mt-2 h-4 w-64" />
          </div>
        </div>
      </Card>
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
