import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { profileUi as ui } from '../../../../contract/texts/profile-ui.ts';
import { trustLevelUi } from '../../../../contract/texts/trust-level-ui.ts';
import type { TrustLevel } from '../../../../contract/trust.ts';
import { type BadgeTone, badgeClasses } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';

const tones: Record<TrustLevel, BadgeTone> = { new: 'neutral', member: 'primary', trusted: 'success' };

/**
 * The member's trust level as a badge; hovering, focusing or pressing it shows what the level means (a
 * tooltip that keyboard and touch reach too, described to screen readers).
 */
export function TrustBadge({ level }: { level: TrustLevel }) {
  const [open, setOpen] = useState(false);
  const tipId = useDomId();
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-describedby={tipId}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        className={cn(
          badgeClasses(tones[level]),
          'cursor-help focus-visible:outline-2 focus-visible:outline-primary',
        )}
      >
        <ShieldCheck className="size-3.5" aria-hidden="true" />
        {trustLevelUi[level]}
      </button>
      <span
        id={tipId}
        role="tooltip"
        className={cn(
          'absolute top-full left-0 z-20 mt-1.5 w-64 max-w-[80vw] rounded-lg border border-line bg-surface p-3 text-xs font-normal text-fg shadow-lg',
          !open && 'sr-only',
        )}
      >
        <strong className="block">{ui.trustLevel(trustLevelUi[level])}</strong>
        {trustLevelUi[`${level}Explained`]}
      </span>
    </span>
  );
}
