import { Bell, BellOff } from 'lucide-react';
import toast from 'react-hot-toast';
import { watchMessages as m } from '../../../contract/messages.ts';
import { errorMessage } from '../../lib/api.ts';
import { Button } from './button.tsx';

/**
 * Watch / Unwatch a cheat or a cheat listing (detection alerts in the bell and by mail). `aria-pressed`
 * tells assistive technology which state it is in; the label says what a click does.
 */
export function WatchButton({
  watching,
  toggle,
  pending,
}: {
  watching: boolean;
  toggle: (watch: boolean) => Promise<unknown>;
  pending: boolean;
}) {
  const click = () =>
    toggle(!watching).then(
      () => toast.success(watching ? m.unwatched : m.watching),
      (err: unknown) => toast.error(errorMessage(err, m.watchFailed)),
    );
  return (
    <Button variant="outline" size="sm" loading={pending} onClick={() => void click()}>
      {watching ? (
        <BellOff className="size-4" aria-hidden="true" />
      ) : (
        <Bell className="size-4" aria-hidden="true" />
      )}
      {watching ? 'Unwatch' : 'Watch'}
    </Button>
  );
}
