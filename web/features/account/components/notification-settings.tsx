import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { DigestPeriod } from '../../../../contract/limits.ts';
import type { UserSettings } from '../../../../contract/me.ts';
import { accountMessages, sessionMessages } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMe } from '../../../lib/session.ts';
import { useSaveSettings, useSettings } from '../api.ts';

type SwitchKey = 'emailNotifications' | 'marketplaceUpdates' | 'securityAlerts' | 'showOnline';

const toggles: { key: SwitchKey; label: string; description: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Messages, replies and followers, by email.',
  },
  {
    key: 'marketplaceUpdates',
    label: 'Marketplace updates',
    description: 'Sales, purchases and new listings from sellers you follow.',
  },
  {
    key: 'securityAlerts',
    label: 'Security alerts',
    description: 'New sign-ins and changes to your password or two-factor sign-in.',
  },
  {
    key: 'showOnline',
    label: 'Show me in the online list',
    description: "Other members see you in the home page's Online column while you are on the site.",
  },
];

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
    <SectionCard title="Notifications" icon={Bell}>
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
              return (
                <Switch
                  key={t.key}
                  label={t.label}
                  description={
                    locked ? `${t.description} ${sessionMessages.staffAlertsAlwaysOn}.` : t.description
                  }
                  checked={locked ? true : draft[t.key]}
                  disabled={locked}
                  onChange={(value) => setDraft({ ...draft, [t.key]: value })}
                />
              );
            })}
          </div>
          <Select
            label="Summary email while you are away"
            hint="Unread notifications, the week's top threads and new listings from people you follow."
            className="mt-4"
            value={draft.digest}
            onChange={(e) => setDraft({ ...draft, digest: e.target.value as DigestPeriod })}
          >
            <option value="weekly">Weekly</option>
            <option value="daily">Daily</option>
            <option value="off">Off</option>
          </Select>
          <div className="mt-4 flex justify-end">
            <Button onClick={onSave} loading={save.isPending} disabled={!dirty}>
              Save Changes
            </Button>
          </div>
        </>
      )}
    </SectionCard>
  );
}
