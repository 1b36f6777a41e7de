import { ArrowLeft, Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useRouteTitle } from '../route-handle.ts';

/** Stands in for a page whose feature is not built yet; the title comes from the route. */
export function ComingSoonPage() {
  const title = useRouteTitle() ?? 'Coming soon';
  return (
    <div className="mx-auto w-full max-w-3xl">
      <Card className="relative overflow-hidden px-6 py-12 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-48 w-2/3 rounded-full bg-primary/20 blur-3xl"
        />
        <span className="relative mx-auto grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
          <Hammer className="size-7" aria-hidden="true" />
        </span>
        <p className="relative mt-5 inline-flex rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase">
          Coming soon
        </p>
        <h1 className="relative mt-4 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="relative mx-auto mt-3 max-w-md text-muted">This part of CheatMarket is coming soon.</p>
        <Link to="/" className={buttonClasses('outline', 'md', 'relative mt-8')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to home
        </Link>
      </Card>
    </div>
  );
}
