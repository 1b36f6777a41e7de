import { CalendarDays, MessageSquare, Pencil, UserCheck, UserPlus } from 'lucide-react';
import { socialMessages } from '../../../../contract/messages/social.ts';
import type { PublicProfile } from '../../../../contract/profiles.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { profileUi as ui } from '../../../../contract/texts/profile-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateParts } from '../../../lib/format.ts';
import { withNumber } from '../../../lib/text-parts.tsx';
import toast from '../../../lib/toast.ts';
import { useFollowProfile } from '../api.ts';
import { TrustBadge } from './trust-badge.tsx';

/** The member's card: banner, avatar, name and role, joined date and follow counts, their actions and bio. */
export function ProfileHeader({ profile, own }: { profile: PublicProfile; own: boolean }) {
  return (
    <Card className="overflow-hidden">
      <div
        aria-hidden="true"
        className="h-24 bg-gradient-to-r from-primary via-secondary to-[#312e81] sm:h-32"
      />
      <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:px-8">
        <Avatar
          person={profile}
          className="-mt-12 size-24 border-4 border-surface text-3xl! sm:-mt-14 sm:size-28"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-bold tracking-tight">{profile.username}</h1>
            {profile.role === 'admin' && <Badge tone="danger">{c.admin}</Badge>}
            {profile.role === 'moderator' && <Badge tone="primary">{c.moderator}</Badge>}
            {profile.banned && <Badge tone="danger">{ui.banned}</Badge>}
            <TrustBadge level={profile.trustLevel} />
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              {ui.joined(formatDateParts(profile.createdAt, { month: 'long', year: 'numeric' }))}
            </span>
            <span>
              {withNumber(ui.followers(profile.followerCount), profile.followerCount, (figure) => (
                <strong className="text-fg">{figure}</strong>
              ))}
            </span>
            <span>
              {withNumber(ui.following(profile.followingCount), profile.followingCount, (figure) => (
                <strong className="text-fg">{figure}</strong>
              ))}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {own ? (
            <ButtonLink to="/edit-profile" icon={Pencil} variant="outline">
              {ui.editProfile}
            </ButtonLink>
          ) : (
            <>
              <FollowButton profile={profile} />
              <ButtonLink to={`/messages/new?recipient=${profile.id}`} icon={MessageSquare} variant="outline">
                {c.message}
              </ButtonLink>
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
      icon={profile.isFollowing ? UserCheck : UserPlus}
    >
      {profile.isFollowing ? c.unfollow : c.follow}
    </Button>
  );
}
