import { useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { pushMessages } from '../../../../contract/messages/push.ts';
import { type PushKind, pushKindLabels, pushKinds } from '../../../../contract/push.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { sentencesUi } from '../../../../contract/texts/sentences-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import {
  pushDevicesKey,
  pushRegistration,
  turnPushOff,
  turnPushOn,
  usePushDevices,
  useSetPushKinds,
} from '../push-api.ts';

type Here =
  | { state: 'loading' }
  | { state: 'unsupported' }
  | { state: 'ready'; registration: ServiceWorkerRegistration; endpoint: string | null };

/**
 * Push notifications on this device (issue 37 item 4): on or off per device, and which kinds it takes. They
 * arrive only while the member has no CheatMarket tab open, like mail.
 */
export function PushSettings() {
  const devices = usePushDevices();
  const setKinds = useSetPushKinds();
  const queryClient = useQueryClient();
  const [here, setHere] = useState<Here>({ state: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushRegistration().then(async (registration) => {
      if (!live) return;
      if (!registration) return setHere({ state: 'unsupported' });
      const subscription = await registration.pushManager.getSubscription();
      if (live) setHere({ state: 'ready', registration, endpoint: subscription?.endpoint ?? null });
    });
    return () => {
      live = false;
    };
  }, []);

  const device =
    here.state === 'ready' && here.endpoint
      ? devices.data?.items.find((d) => d.endpoint === here.endpoint)
      : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushDevicesKey });

  /** Switches this device, `step` answering its endpoint afterwards (undefined: nothing changed). */
  const switchWith =
    (step: (registration: ServiceWorkerRegistration) => Promise<string | null | undefined>, done: string) =>
    async () => {
      if (here.state !== 'ready') return;
      setBusy(true);
      try {
        const endpoint = await step(here.registration);
        if (endpoint === undefined) return;
        setHere({ ...here, endpoint });
        await refresh();
        toast.success(done);
      } catch (err) {
        toast.error(errorMessage(err, pushMessages.unsupported));
      } finally {
        setBusy(false);
      }
    };
  const turnOn = switchWith(async (registration) => {
    if ((await Notification.requestPermission()) !== 'granted') {
      toast.error(pushMessages.denied);
      return undefined;
    }
    return (await turnPushOn(registration, [...pushKinds])).endpoint;
  }, pushMessages.turnedOn);
  const turnOff = switchWith(async (registration) => {
    await turnPushOff(registration);
    return null;
  }, pushMessages.turnedOff);

  const toggleKind = (kind: PushKind, on: boolean) => {
    if (!device) return;
    const kinds = on ? [...device.kinds, kind] : device.kinds.filter((k) => k !== kind);
    setKinds(device.endpoint, kinds).then(
      () => toast.success(pushMessages.saved),
      (err) => toast.error(errorMessage(err, pushMessages.unsupported)),
    );
  };

  return (
    <SectionCard title={ui.push} icon={BellRing}>
      {here.state === 'loading' || (here.state === 'ready' && devices.isPending) ? (
        <Skeleton className="h-16 w-full" aria-hidden="true" />
      ) : here.state === 'unsupported' ? (
        <p className="text-sm text-muted">{sentencesUi.pushUnsupported}</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{ui.pushIntro}</p>
          {device ? (
            <>
              <div className="divide-y divide-line">
                {pushKinds.map((kind) => (
                  <Switch
                    key={kind}
                    label={pushKindLabels[kind]}
                    checked={device.kinds.includes(kind)}
                    onChange={(on) => toggleKind(kind, on)}
                  />
                ))}
              </div>
              <div>
                <Button variant="outline" size="sm" onClick={turnOff} loading={busy}>
                  {ui.pushDisable}
                </Button>
              </div>
            </>
          ) : (
            <div>
              <Button size="sm" onClick={turnOn} loading={busy}>
                {ui.pushEnable}
              </Button>
            </div>
          )}
        </div>
      )}
    </SectionCard>
  );
}
