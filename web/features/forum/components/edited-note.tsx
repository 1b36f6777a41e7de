import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { withParts } from '../../../lib/text-parts.tsx';

export function Edited({ at }: { at: string }) {
  return <span className="text-xs text-muted">{withParts(ui.edited, <DateTime at={at} />)}</span>;
}
