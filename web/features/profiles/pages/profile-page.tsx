import { UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { socialMessages } from '../../../../contract/messages/social.ts';
import type { PublicProfile } from '../../../../contract/profiles.ts';
import { profileUi as ui } from '../../../../contract/texts/profile-ui.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useProfile } from '../api.ts';
import { ForumTab } from '../components/forum-tab.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { ProfileMoney } from '../components/profile-money.tsx';
import { SocialTab } from '../components/social-tab.tsx';

type ProfileTab = 'forum' | 'social';

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
          text={missing ? socialMessages.profileNotFound : ui.loadFailed}
          action={
            <Link to="/" className={buttonClasses('outline', 'sm')}>
              {ui.backToHome}
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
  const tabs: Record<ProfileTab, string> = { forum: ui.forumPosts, social: ui.socialFeedback };
  const { value: tab, tabStrip, tabPanel } = useTabs('profile', ui.sections, tabs, 'forum');

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <ProfileHeader profile={profile} own={own} />

      <ProfileMoney profile={profile} />

      <div>
        <Tabs {...tabStrip} />
        <div {...tabPanel} className="mt-5 focus-visible:outline-none">
          {tab === 'forum' ? <ForumTab userId={profile.id} /> : <SocialTab userId={profile.id} />}
        </div>
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <Loading label={ui.loadingProfile} className="mx-auto flex w-full max-w-4xl flex-col gap-6">
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
    </Loading>
  );
}
