import { Check, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

type Decision<A extends string> = { action: A; label: string };

/**
 * A flagged item's two one-click decisions, the yes (a tick, outlined) before the no (a cross, quiet); each
 * button's accessible name is its label and what it is `about`.
 */
export function DecisionButtons<A extends string>({
  yes,
  no,
  about,
  disabled,
  onDecide,
  iconClassName = 'size-4',
}: {
  yes: Decision<A>;
  no: Decision<A>;
  about: string;
  disabled: boolean;
  onDecide: (action: A) => void;
  iconClassName?: string;
}) {
  return (
    <>
      {[
        { ...yes, variant: 'outline', Icon: Check } as const,
        { ...no, variant: 'ghost', Icon: X } as const,
      ].map(({ action, label, variant, Icon }) => (
        <Button
          key={action}
          variant={variant}
          size="sm"
          aria-label={`${label} ${about}`}
          disabled={disabled}
          onClick={() => onDecide(action)}
        >
          <Icon className={iconClassName} aria-hidden="true" />
          {label}
        </Button>
      ))}
    </>
  );
}
