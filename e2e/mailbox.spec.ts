import { type APIRequestContext, type Browser, expect, type Locator, test } from '@playwright/test';
import { latestMailTo, mailsTo } from './support/mailbox.ts';
import { asUser, pageAs, signInAs } from './support/social.ts';
import { createUser, type E2EUser } from './support/users.ts';

async function directMessage(request: APIRequestContext, from: E2EUser, to: E2EUser, message: string) {
  await asUser(request, from, async () => {
    const res = await request.post('/api/v1/messages', { data: { recipientId: to.id, message } });
    expect(res.status(), await res.text()).toBe(201);
  });
}

/**
 * Sets the member's "Email notifications" switch on the settings page, then closes the browser so the
 * member is away (no open socket) when the next message arrives. A mail is skipped for a member still
 * online, so this returns once the watcher's online column (another member's home page) has seen the member
 * arrive and leave: the server has taken the closed socket.
 */
async function setEmailNotifications(browser: Browser, user: E2EUser, on: boolean, onlineList: Locator) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, user, '/profile/settings');
  const email = page.getByRole('switch', { name: 'Email notifications' });
  await expect(email).toHaveAttribute('aria-checked', String(!on));
  await email.click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await page.reload();
  await expect(email).toHaveAttribute('aria-checked', String(on));
  const listed = onlineList.getByRole('link', { name: user.username });
  await expect(listed).toHaveCount(1);
  await context.close();
  await expect(listed).toHaveCount(0);
}

test('the email-notifications switch decides whether a direct message reaches the mailbox', async ({
  browser,
  request,
}) => {
  const [away, witness] = await Promise.all([createUser(request, 'away'), createUser(request, 'witness')]);
  // A third member's home page shows who is online: it tells when the away member's closed browser is gone.
  const watcher = await pageAs(browser, await createUser(request, 'watcher'), '/');
  const onlineList = watcher
    .getByRole('complementary', { name: 'Online users' })
    .getByRole('list', { name: 'Online users list' });
  const [first, second, third] = await Promise.all([
    createUser(request, 'dm_a'),
    createUser(request, 'dm_b'),
    createUser(request, 'dm_c'),
  ]);

  // On (the default): the message is mailed, with a link to the conversation.
  await directMessage(request, first, away, 'Are you still selling the kit?');
  const mail = await latestMailTo(away.email);
  expect(mail.text).toContain(`/messages/${first.id}`);
  await expect.poll(() => mailsTo(away.email)?.length).toBe(1);

  // Off: another message (another conversation, so hourly batching cannot be what holds it back)...
  await setEmailNotifications(browser, away, false, onlineList);
  await directMessage(request, second, away, 'Hello from a second buyer');
  // ...then one to a member whose switch is on, from the same sender. Notification mails are worked one
  // at a time in the order they were queued, so once the witness's mail is in, the away member's job ran.
  await directMessage(request, second, witness, 'Hello, witness');
  await latestMailTo(witness.email);
  await expect.poll(() => mailsTo(away.email)?.length).toBe(1);

  // On again: the next message is mailed, so the closed browser left the member away all along.
  await setEmailNotifications(browser, away, true, onlineList);
  await directMessage(request, third, away, 'Third time lucky');
  let mails: ReturnType<typeof mailsTo>;
  await expect
    .poll(() => {
      mails = mailsTo(away.email);
      return mails?.length;
    })
    .toBe(2);
  mails = mails!;
  expect(mails[1]!.text).toContain(`/messages/${third.id}`);
  expect(mails.some((m) => m.text.includes(`/messages/${second.id}`))).toBe(false);
  await watcher.context().close();
});
