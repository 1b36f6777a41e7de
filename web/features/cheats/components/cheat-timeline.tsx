import { ArrowRight, History } from 'lucide-react';
import { Link } from 'react-router';
import { type CheatStatusChange, cheatStatusLabels } from '../../../../contract/cheats.ts';
import { cheatUi as ui } from '../../../../contract/texts/cheat-ui.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { withParts } from '../../../lib/text-parts.tsx';

/** Every status change of a cheat, newest first, with who made it. */
export function CheatTimeline({ timeline }: { timeline: CheatStatusChange[] }) {
  return (
    <SectionCard title={ui.timeline} icon={History} className="mt-6">
      <ol aria-label={ui.timeline} className="relative ml-2 border-l border-line">
        {[...timeline].reverse().map((step) => (
          <TimelineStep key={step.id} step={step} />
        ))}
      </ol>
    </SectionCard>
  );
}

function TimelineStep({ step }: { step: CheatStatusChange }) {
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span
        aria-hidden="true"
        className="absolute top-1.5 -left-[5px] size-2.5 rounded-full bg-primary ring-4 ring-surface"
      />
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        {step.from === null ? (
          ui.publishedAs(cheatStatusLabels[step.to])
        ) : (
          <>
            {cheatStatusLabels[step.from]}
            <ArrowRight className="size-4 text-muted" aria-hidden="true" />
            <span className="sr-only">{` ${ui.statusTo} `}</span>
            {cheatStatusLabels[step.to]}
          </>
        )}
      </p>
      <p className="mt-0.5 text-xs text-muted">
        <DateTime at={step.at} />
        {' · '}
        {step.by
          ? withParts(
              ui.by,
              <Link
                to={`/profile/${step.by.id}`}
                className="text-primary underline underline-offset-2 hover:decoration-2"
              >
                {step.by.username}
              </Link>,
            )
          : ui.by(ui.formerStaff)}
      </p>
    </li>
  );
}
