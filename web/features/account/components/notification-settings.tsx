import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { DigestPeriod } from '../../../../contract/limits.ts';
import type { UserSettings } from '../../../../contract/me.ts';
import { accountMessages } from '../../../../contract/messages/account.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { sentencesUi } from '../../../../contract/texts/sentences-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMe } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { useSaveSettings, useSettings } from '../api.ts';

type SwitchKey = 'emailNotifications' | 'marketplaceUpdates' | 'securityAlerts' | 'showOnline';

/** Each switch and its words' keys (the words are read at render: the language may change). */
const toggles = [
  { key: 'emailNotifications', hint: 'emailNotificationsHint' },
  { key: 'marketplaceUpdates', hint: 'marketplaceUpdatesHint' },
  { key: 'securityAlerts', hint: 'securityAlertsHint' },
  { key: 'showOnline', hint: 'showOnlineHint' },
] as const satisfies readonly { key: SwitchKey; hint: keyof typeof ui }[];

export function NotificationSettings() {
  const settings = useSettings();
  const save = useSaveSettings();
  // Staff always get security alerts (the server refuses turning them off); the switch says why.
  const role = useMe().data?.role;
  const staff = role !== undefined && role !== 'user';
  const [draft, setDraft] = useState<UserSettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  const dirty =
    draft !== null &&
    settings.data !== undefined &&
    (toggles.some((t) => draft[t.key] !== settings.data[t.key]) || draft.digest !== settings.data.digest);

  const onSave = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => toast.success(accountMessages.settingsSaved),
      onError: (err) => toast.error(errorMessage(err, accountMessages.saveSettingsFailed)),
    });
  };

  return (
    <SectionCard title={ui.notifications} icon={Bell}>
      {!draft ? (
        settings.isError ? (
          <p className="text-sm text-danger">{accountMessages.loadSettingsFailed}</p>
        ) : (
          <div className="flex flex-col gap-4" aria-hidden="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )
      ) : (
        <>
          <div className="divide-y divide-line">
            {toggles.map((t) => {
              const locked = staff && t.key === 'securityAlerts';
              const description = ui[t.hint];
              return (
                <Switch
                  key={t.key}
                  label={ui[t.key]}
                  description={locked ? `${description} ${sentencesUi.staffAlertsAlwaysOn}` : description}
                  checked={locked ? true : draft[t.key]}
                  disabled={locked}
                  onChange={(value) => setDraft({ ...draft, [t.key]: value })}
                />
              );
            })}
          </div>
          <Select
            label={ui.digest}
            hint={ui.digestHint}
            className="mt-4"
            value={draft.digest}
            onChange={(e) => setDraft({ ...draft, digest: e.target.value as DigestPeriod })}
          >
            <option value="weekly">{ui.weekly}</option>
            <option value="daily">{ui.daily}</option>
            <option value="off">{ui.off}</option>
          </Select>
          <div className="mt-4 flex justify-end">
            <Button onClick={onSave} loading={save.isPending} disabled={!dirty}>
              {commonUi.saveChanges}
            </Button>
          </div>
        </>
      )}
    </SectionCard>
  );
}
