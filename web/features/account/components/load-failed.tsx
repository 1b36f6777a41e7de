import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { Button } from '../../../components/ui/button.tsx';

/** A settings section whose list did not load: why, and a button that asks again. */
export function LoadFailed({ text, retry }: { text: string; retry: () => unknown }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-danger">{text}</p>
      <Button variant="outline" size="sm" onClick={retry}>
        {commonUi.tryAgain}
      </Button>
    </div>
  );
}
