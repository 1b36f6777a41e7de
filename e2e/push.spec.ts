import { expect, test } from '@playwright/test';
import { pushMessages } from '../contract/messages/push.ts';
import { pageAs } from './support/social.ts';
import { createUser } from './support/users.ts';

/*
 * Web Push in the browser (issue 37 item 4). The server's side (subscriptions, aes128gcm payloads, VAPID,
 * 404/410) is proven by server/modules/push/push.test.ts against a Web Push service on loopback. Chromium's
 * headless shell refuses the notification permission outright (and has no push service to subscribe with),
 * so here: the settings card finds the registered worker, offers push for this device, and says plainly
 * when the browser blocks notifications.
 */

// The suite blocks service workers (playwright.config.ts); these tests are about the app's.
test.use({ serviceWorkers: 'allow' });

test('the settings card offers push on this device and explains a blocked permission', async ({
  browser,
  request,
}) => {
  const member = await createUser(request, 'push');
  const page = await pageAs(browser, member, '/profile/settings');
  await expect(page.getByRole('heading', { name: 'Push Notifications' })).toBeVisible();
  await expect(
    page.getByText('On this device, while you have no CheatMarket tab open.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Enable push on this device' }).click();
  await expect(page.getByText(pushMessages.denied)).toBeVisible();
  // Nothing was subscribed.
  const devices = await page.evaluate(async () => (await fetch('/api/v1/me/push-subscriptions')).json());
  expect(devices.items).toEqual([]);
  await page.context().close();
});
