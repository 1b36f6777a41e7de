import { Bell, BellOff } from 'lucide-react';
import { watchMessages as m } from '../../../contract/messages/watch.ts';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { errorMessage } from '../../lib/api.ts';
import toast from '../../lib/toast.ts';
import { Button } from './button.tsx';

/**
 * Watch / Unwatch a cheat or a cheat listing (detection alerts in the bell and by mail). The label says what
 * a click does (so no aria-pressed, which would read "Unwatch, pressed").
 */
export function WatchButton({
  watching,
  toggle,
  pending,
  describedBy,
}: {
  watching: boolean;
  toggle: (watch: boolean) => Promise<unknown>;
  pending: boolean;
  /** On a card among many: the id of the card's title, so each "Watch" says what it watches. */
  describedBy?: string;
}) {
  const click = () =>
    toggle(!watching).then(
      () => toast.success(watching ? m.unwatched : m.watching),
      (err: unknown) => toast.error(errorMessage(err, m.watchFailed)),
    );
  return (
    <Button
      variant="outline"
      size="sm"
      loading={pending}
      aria-describedby={describedBy}
      onClick={() => void click()}
      icon={watching ? BellOff : Bell}
    >
      {watching ? ui.unwatch : ui.watch}
    </Button>
  );
}
