import { CircleCheck, CircleHelp, CircleX } from 'lucide-react';
import { type CheatStatus, cheatStatusLabels } from '../../../../contract/cheats.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tone: Record<CheatStatus, BadgeTone> = { undetected: 'success', detected: 'danger', other: 'warning' };
const icon = { undetected: CircleCheck, detected: CircleX, other: CircleHelp };

/** Spec: green for undetected, red for detected. */
export function CheatStatusBadge({ status, className }: { status: CheatStatus; className?: string }) {
  const Icon = icon[status];
  return (
    <Badge tone={tone[status]} className={className}>
      <Icon className="size-3.5" aria-hidden="true" />
      {cheatStatusLabels[status]}
    </Badge>
  );
}
