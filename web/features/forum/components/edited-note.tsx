import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { rich, slot } from '../../../lib/rich-message.tsx';

export function Edited({ at }: { at: string }) {
  return (
    <span className="text-xs text-muted">
      {rich(ui.edited(slot(0)), <time dateTime={toIsoString(at)}>{formatDateLong(at)}</time>)}
    </span>
  );
}
