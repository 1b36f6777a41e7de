import { Crosshair } from 'lucide-react';
import { Link } from 'react-router';

export function Brand() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2.5 rounded-xl pr-1 text-lg font-bold tracking-tight text-fg"
    >
      <span className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-primary to-secondary text-white shadow-md shadow-primary/30">
        <Crosshair className="size-5" aria-hidden="true" />
      </span>
      <span className="sr-only sm:not-sr-only">
        Cheat<span className="text-primary">Market</span>
      </span>
    </Link>
  );
}
