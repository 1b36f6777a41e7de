import {
  Activity,
  Download,
  Flag,
  LayoutDashboard,
  MessageSquare,
  RefreshCw,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { forumMessages } from '../../../../contract/messages/forum.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useAdminActivity, useAdminDashboard } from '../api.ts';
import { ActivityChart } from '../components/activity-chart.tsx';

function StatCard({
  label,
  value,
  today,
  icon,
}: {
  label: string;
  value: number;
  today: number;
  icon: ReactNode;
}) {
  return (
    <Card role="group" aria-label={label} className="p-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted">{label}</p>
        <span className="grid size-9 place-items-center rounded-xl bg-primary/10 text-primary">{icon}</span>
      </div>
      <p className="mt-3 text-3xl font-bold tabular-nums">{formatNumber(value)}</p>
      <p className="mt-1 text-xs text-muted">
        {today > 0 ? ui.newToday(formatNumber(today)) : ui.noNewToday}
      </p>
    </Card>
  );
}

const stats = [
  { label: 'totalUsers', total: 'totalUsers', today: 'newUsersToday', Icon: Users },
  { label: 'totalPosts', total: 'totalPosts', today: 'newPostsToday', Icon: MessageSquare },
  { label: 'activeCheats', total: 'activeCheats', today: 'activeCheatsToday', Icon: ShieldCheck },
  { label: 'totalDownloads', total: 'totalDownloads', today: 'downloadsToday', Icon: Download },
] as const;

/** The figures' grid, which their skeleton takes while the dashboard loads. */
const statGrid = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

export function DashboardPage() {
  const query = useAdminDashboard();
  const activity = useAdminActivity();
  useFailureToast(query.isError, 'dash-load', ui.dashboardFailed, query.error);
  const d = query.data;

  const actions = (
    <Button
      icon={RefreshCw}
      variant="outline"
      loading={query.isFetching || activity.isFetching}
      onClick={() => {
        void query.refetch();
        void activity.refetch();
      }}
    >
      {ui.refresh}
    </Button>
  );

  return (
    <Page title={ui.dashboardTitle} icon={LayoutDashboard} intro={ui.dashboardIntro} actions={actions}>
      {!d ? (
        <SkeletonRows
          label={ui.loadingDashboard}
          rows={4}
          layout={statGrid}
          className="h-32 w-full rounded-2xl"
        />
      ) : (
        <>
          <div className={statGrid}>
            {stats.map(({ label, total, today, Icon }) => (
              <StatCard
                key={label}
                label={ui[label]}
                value={d[total]}
                today={d[today]}
                icon={<Icon className="size-4" aria-hidden="true" />}
              />
            ))}
          </div>
          <SectionCard title={ui.last30Days} icon={Activity} iconTone="inherit" className="mt-6">
            {activity.data ? (
              <ActivityChart days={activity.data.days} />
            ) : activity.isError ? (
              <EmptyState text={ui.chartFailed} />
            ) : (
              <Loading label={ui.loadingChart}>
                <Skeleton className="h-52 w-full" />
              </Loading>
            )}
          </SectionCard>
          <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <SectionCard title={ui.latestPosts} icon={MessageSquare} iconTone="inherit">
              {d.latestPosts.length === 0 ? (
                <EmptyState text={forumMessages.noForumPosts} />
              ) : (
                <ul className="divide-y divide-line">
                  {d.latestPosts.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                      <Link
                        to={`/forum/post/${p.id}`}
                        className="min-w-0 flex-1 truncate font-medium hover:text-primary"
                      >
                        {p.title}
                      </Link>
                      <Badge>{p.category.name}</Badge>
                      <span className="w-full text-xs text-muted">
                        {ui.byAuthor(p.author.username)} · <DateTime at={p.createdAt} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </SectionCard>
            <SectionCard
              title={ui.reportsOverview}
              icon={Flag}
              iconTone="inherit"
              link={{ to: '/admin/reports', label: ui.viewReports }}
            >
              <dl className="grid grid-cols-2 gap-4">
                <div>
                  <dt className="text-sm text-muted">{ui.pending}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{formatNumber(d.reports.pending)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-muted">{ui.total}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{formatNumber(d.reports.total)}</dd>
                </div>
              </dl>
            </SectionCard>
          </div>
        </>
      )}
    </Page>
  );
}
