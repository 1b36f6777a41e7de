import { ticketMessages as m } from '../../../../contract/messages.ts';
import { isMissing } from '../../../components/ui/detail-page.tsx';
import { errorMessage } from '../../../lib/api.ts';

/** A ticket that cannot be opened: the spec's not-found words, else the server's message. */
export const ticketFailedText = (err: unknown) =>
  isMissing(err) ? m.notFound : errorMessage(err, m.detailFailed);
