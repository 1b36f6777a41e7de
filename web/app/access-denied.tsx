import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { componentsUi as ui } from '../../contract/texts/components-ui.ts';
import { buttonClasses } from '../components/ui/button.tsx';

/** Spec §8 Other: non-staff see an Access Denied screen in the admin area. */
export function AccessDenied({ detail }: { detail?: string }) {
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-auto mt-8 flex w-full max-w-md flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-12 text-center shadow-sm"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-danger/10 text-danger">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 id="access-denied-title" className="text-2xl font-bold tracking-tight">
        {ui.accessDenied}
      </h1>
      <p className="text-sm text-muted">{detail ?? ui.noPermission}</p>
      <Link to="/" className={buttonClasses('outline', 'md', 'mt-2')}>
        {ui.returnHome}
      </Link>
    </section>
  );
}
