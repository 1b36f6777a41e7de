import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
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
        <h1 className="mt-4 text-xl font-semibold">{notFound ? ui.pageNotFound : ui.crashed}</h1>
        <p className="mt-2 text-sm text-muted">{notFound ? ui.pageMissing : ui.crashedDetail}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>{ui.reload}</Button>
          <Link to="/" className={buttonClasses('outline')} reloadDocument>
            {ui.goHome}
          </Link>
        </div>
      </Card>
    </div>
  );
}
