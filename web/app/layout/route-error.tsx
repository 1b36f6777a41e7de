import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/** Last-resort screen for a page that crashed or whose code could not load (e.g. after a new release). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="grid min-h-dvh place-items-center px-4">
      <Card className="w-full max-w-md p-8 text-center">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-danger/10 text-danger">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="mt-2 text-sm text-muted">
          {notFound
            ? 'The page you are looking for does not exist.'
            : 'This page could not be displayed. Reloading usually helps.'}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Link to="/" className={buttonClasses('outline')} reloadDocument>
            Go home
          </Link>
        </div>
      </Card>
    </div>
  );
}
