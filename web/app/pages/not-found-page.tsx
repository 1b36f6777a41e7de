import { Compass, House } from 'lucide-react';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { ButtonLink } from '../../components/ui/button-link.tsx';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center py-12 text-center sm:py-20">
      <span className="grid size-16 place-items-center rounded-2xl bg-primary/10 text-primary">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <p className="mt-6 bg-gradient-to-r from-primary to-secondary bg-clip-text text-6xl font-extrabold tracking-tight text-transparent">
        404
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{ui.pageNotFound}</h1>
      <p className="mt-3 text-muted">{ui.pageMoved}</p>
      <ButtonLink to="/" icon={House} className="mt-8">
        {ui.goToHomePage}
      </ButtonLink>
    </div>
  );
}
