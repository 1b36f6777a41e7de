import { Download, ExternalLink, LogIn } from 'lucide-react';
import { useState } from 'react';
import { cheatMessages as m } from '../../../../contract/messages/cheat.ts';
import { cheatUi as ui } from '../../../../contract/texts/cheat-ui.ts';
import { shellUi } from '../../../../contract/texts/shell-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { useDownloadCheat } from '../api.ts';

/** Download for members (the link opens in a new tab and stays on the page); a Login link for guests. */
export function CheatDownload({ cheatId }: { cheatId: string }) {
  const { user } = useSession();
  const download = useDownloadCheat();
  const [readyUrl, setReadyUrl] = useState<string | null>(null);
  const startDownload = () =>
    download.mutate(cheatId, {
      onSuccess: ({ url }) => {
        setReadyUrl(url);
        window.open(url, '_blank', 'noopener,noreferrer');
      },
      onError: (err) => toast.error(errorMessage(err, m.downloadFailed)),
    });

  return (
    <>
      <div className="mt-6 flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between">
        {user ? (
          <>
            <p className="text-sm text-muted">{ui.downloadHint}</p>
            <Button onClick={startDownload} loading={download.isPending} icon={Download}>
              {ui.download}
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">{ui.loginToDownload}</p>
            <ButtonLink to="/login" icon={LogIn}>
              {shellUi.login}
            </ButtonLink>
          </>
        )}
      </div>
      {readyUrl && (
        <p role="status" className="mt-3 text-sm">
          {ui.downloadReady}{' '}
          <a
            href={readyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            {ui.openDownload}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </p>
      )}
    </>
  );
}
