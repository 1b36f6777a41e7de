import { cn } from '../../lib/cn.ts';
import { Img } from './img.tsx';

/** The member's picture; the first letter of the username shows when there is none or it fails. */
export function Avatar({
  person: { username, avatarUrl },
  className,
}: {
  person: { username: string; avatarUrl?: string | null };
  className?: string;
}) {
  return (
    <span
      className={cn(
        'relative grid size-9 shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-primary to-secondary text-sm font-semibold text-white',
        className,
      )}
    >
      <span aria-hidden="true" translate="no">
        {username.charAt(0).toUpperCase()}
      </span>
      {avatarUrl && <Img src={avatarUrl} className="absolute inset-0 size-full object-cover" />}
    </span>
  );
}
