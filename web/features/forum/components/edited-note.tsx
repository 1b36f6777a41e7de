import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { withParts } from '../../../lib/text-parts.tsx';

export function Edited({ at }: { at: string }) {
  return (
    <span className="text-xs text-muted">
      {withParts(ui.edited, <time dateTime={toIsoString(at)}>{formatDateLong(at)}</time>)}
    </span>
  );
}
