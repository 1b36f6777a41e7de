import { Check, type LucideIcon, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/** One decision on an item waiting for staff: its button's icon and look, its name (naming the item) and text. */
export interface Decision {
  icon: LucideIcon;
  variant: 'outline' | 'ghost' | 'danger';
  label: string;
  text: string;
  onClick: () => void;
}

/**
 * The usual pair of one-click decisions: the yes (a tick, outlined) before the no (a cross, quiet), each named
 * by its text and what it is `about`.
 */
export function yesNo<A extends string>(
  yes: { action: A; label: string },
  no: { action: A; label: string },
  about: string,
  onDecide: (action: A) => void,
): Decision[] {
  const decision = (
    { action, label }: { action: A; label: string },
    icon: LucideIcon,
    variant: 'outline' | 'ghost',
  ) => ({
    icon,
    variant,
    label: `${label} ${about}`,
    text: label,
    onClick: () => onDecide(action),
  });
  return [decision(yes, Check, 'outline'), decision(no, X, 'ghost')];
}

/**
 * A waiting item's decisions (approve, reject, …) side by side, all held while one is being saved, then any
 * `children` (actions asked first). `false` stands for a decision this item does not offer.
 */
export function DecisionButtons({
  decisions,
  busy,
  iconClassName = 'size-4',
  className,
  children,
}: {
  decisions: (Decision | false)[];
  busy: boolean;
  iconClassName?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {decisions.map(
        (d) =>
          d && (
            <Button
              key={d.label}
              variant={d.variant}
              size="sm"
              aria-label={d.label}
              disabled={busy}
              onClick={d.onClick}
            >
              <d.icon className={iconClassName} aria-hidden="true" />
              {d.text}
            </Button>
          ),
      )}
      {children}
    </div>
  );
}
