import { Flag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { reportMessages as m } from '../../../contract/messages/report.ts';
import type { ReportTargetType } from '../../../contract/reports.ts';
import { commonUi } from '../../../contract/texts/common-ui.ts';
import { reportTypeNouns, componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { errorMessage } from '../../lib/api.ts';
import { reportsRoutes } from '../../lib/api-routes/reports.gen.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import toast from '../../lib/toast.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { SubmitRow } from './form-field.tsx';
import { Textarea } from './textarea.tsx';

/**
 * Report any piece of content (shared by the marketplace, forum and feed). The reason is asked in a prompt;
 * an empty reason cancels, as the spec says. Signed-out members are told to sign in.
 */
export function ReportButton({
  type,
  id,
  label,
  compact = false,
  className,
}: {
  type: ReportTargetType;
  id: string;
  label?: string;
  compact?: boolean;
  className?: string;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);

  const start = () => {
    if (!user) {
      toast.error(m.loginToReport);
      return;
    }
    setReason('');
    setOpen(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) {
      setOpen(false);
      return;
    }
    setPending(true);
    try {
      await reportsRoutes.create({ target: { type, id }, reason: text });
      toast.success(m.submitted);
      setOpen(false);
    } catch (err) {
      toast.error(errorMessage(err, m.failed));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        onClick={start}
        aria-label={compact ? ui.reportThis(reportTypeNouns[type]) : undefined}
        title={compact ? ui.reportThis(reportTypeNouns[type]) : undefined}
        className={cn(compact && 'size-8 text-muted hover:text-danger', className)}
        icon={Flag}
      >
        {!compact && (label ?? ui.report)}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={ui.reportContent} description={ui.whyReporting}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Textarea
            label={commonUi.reason}
            rows={4}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint={ui.leaveEmptyToCancel}
          />
          <SubmitRow variant="danger" loading={pending} cancel={() => setOpen(false)}>
            {ui.submitReport}
          </SubmitRow>
        </form>
      </Dialog>
    </>
  );
}
