import { ArrowRight, Headset, MessagesSquare, Newspaper, ShieldCheck, Sparkles, Store } from 'lucide-react';
import { Link } from 'react-router';
import { homeUi as ui } from '../../../contract/texts/home-ui.ts';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LatestThreads } from '../../features/forum/components/latest-threads.tsx';
import { LatestPosts, StatsCards } from '../../features/social/components/home-widgets.tsx';
import { useSession } from '../../lib/session.ts';
import { OnlineUsers } from './online-users.tsx';

/** The three reasons, read at render so they are in the active language. */
const features = () => [
  { icon: Sparkles, title: ui.qualityTitle, text: ui.qualityText },
  { icon: Headset, title: ui.supportTitle, text: ui.supportText },
  { icon: ShieldCheck, title: ui.paymentsTitle, text: ui.paymentsText },
];

export function HomePage() {
  const { user, isPending } = useSession();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 lg:grid-cols-[14rem_minmax(0,1fr)_16rem] xl:grid-cols-[15rem_minmax(0,1fr)_17rem]">
      <div className="flex min-w-0 flex-col gap-6 lg:order-2">
        <WelcomeBanner signedIn={user !== null} loading={isPending} />
        <StatsCards />
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className="mb-4 text-lg font-semibold">
            {ui.whyHeading}
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            {features().map(({ icon: Icon, title, text }) => (
              <Card key={title} className="p-5 transition hover:-translate-y-0.5 hover:border-primary/40">
                <span className="grid size-10 place-items-center rounded-xl bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted">{text}</p>
              </Card>
            ))}
          </div>
        </section>
        {!isPending && !user && <JoinBanner />}
      </div>

      <aside className="lg:order-1" aria-label={ui.onlineUsers}>
        <OnlineUsers />
      </aside>

      <aside className="flex flex-col gap-6 lg:order-3" aria-label={ui.latestAside}>
        <SectionCard title={ui.latestPosts} icon={Newspaper} link={{ to: '/posts', label: ui.viewAll }}>
          <LatestPosts />
        </SectionCard>
        <SectionCard
          title={ui.latestThreads}
          icon={MessagesSquare}
          link={{ to: '/forum', label: ui.viewAll }}
        >
          <LatestThreads />
        </SectionCard>
      </aside>
    </div>
  );
}

function WelcomeBanner({ signedIn, loading }: { signedIn: boolean; loading: boolean }) {
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary via-secondary to-[#312e81] px-6 py-10 text-white shadow-xl shadow-primary/20 sm:px-10 sm:py-14">
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-16 size-64 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-24 left-1/3 size-72 rounded-full bg-fuchsia-400/20 blur-3xl"
      />
      <div className="relative max-w-xl">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {ui.tagline}
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{ui.welcome}</h1>
        <p className="mt-3 text-base leading-relaxed text-white/85 sm:text-lg">{ui.intro}</p>
        <div className="mt-7 flex flex-wrap gap-3">
          {loading ? (
            <Skeleton className="h-12 w-48 bg-white/20" />
          ) : signedIn ? (
            <Link to="/marketplace" className={buttonClasses('inverse', 'lg')}>
              <Store className="size-5" aria-hidden="true" />
              {ui.browseMarketplace}
            </Link>
          ) : (
            <>
              <Link to="/register" className={buttonClasses('inverse', 'lg')}>
                {ui.joinNow}
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
              <Link
                to="/login"
                className={buttonClasses(
                  'outline',
                  'lg',
                  'border-white/40 bg-white/5 text-white hover:border-white hover:bg-white/15',
                )}
              >
                {shellUi.login}
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function JoinBanner() {
  return (
    <Card className="flex flex-col items-start gap-4 border-primary/30 bg-gradient-to-r from-primary/10 to-transparent p-6 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-lg font-semibold">{ui.readyToJoin}</h2>
        <p className="mt-1 text-sm text-muted">{ui.joinText}</p>
      </div>
      <Link to="/register" className={buttonClasses('primary', 'md')}>
        {ui.createAccount}
      </Link>
    </Card>
  );
}
