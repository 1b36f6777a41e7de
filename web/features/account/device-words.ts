import type { SessionItem } from '../../../contract/sessions.ts';
import { accountUi } from '../../../contract/texts/account-ui.ts';
import { deviceUi } from '../../../contract/texts/device-ui.ts';

type Device = Pick<SessionItem, 'deviceKind' | 'deviceModel' | 'browser' | 'os'>;

/** "Firefox 128 on Linux", in the reader's words; an agent that names no browser (a script, a bot) says so. */
export const browserLabel = (d: Device) =>
  d.browser ? accountUi.browserOnOs(d.browser, d.os ?? deviceUi.unknownSystem) : deviceUi.unknownBrowser;

export const isHandheld = (d: Device) => d.deviceKind === 'mobile' || d.deviceKind === 'tablet';
