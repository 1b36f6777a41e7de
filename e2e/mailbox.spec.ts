import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { latestMailTo, mailsTo } from './support/mailbox.ts';
import { asUser, signInAs } from './support/social.ts';
import { createUser, type E2EUser } from './support/users.ts';

async function directMessage(request: APIRequestContext, from: E2EUser, to: E2EUser, message: string) {
  await asUser(request, from, async () => {
    const res = await request.post('/api/v1/messages', { data: { recipientId: to.id, message } });
    expect(res.status(), await res.text()).toBe(201);
  });
}

/**
 * Sets the member's "Email notifications" switch on the settings page, then closes the browser so the
 * member is away (no open socket) when the next message arrives.
 */
async function setEmailNotifications(browser: Browser, user: E2EUser, on: boolean) {
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
  await context.close();
}

test('the email-notifications switch decides whether a direct message reaches the mailbox', async ({
  browser,
  request,
}) => {
  const away = await createUser(request, 'away');
  const witness = await createUser(request, 'witness');
  const [first, second, third] = [
    await createUser(request, 'dm_a'),
    await createUser(request, 'dm_b'),
    await createUser(request, 'dm_c'),
  ];

  // On (the default): the message is mailed, with a link to the conversation.
  await directMessage(request, first, away, 'Are you still selling the kit?');
  const mail = await latestMailTo(away.email);
  expect(mail.text).toContain(`/messages/${first.id}`);
  await expect.poll(() => mailsTo(away.email)?.length).toBe(1);

  // Off: another message (another conversation, so hourly batching cannot be what holds it back)...
  await setEmailNotifications(browser, away, false);
  await directMessage(request, second, away, 'Hello from a second buyer');
  // ...then one to a member whose switch is on, from the same sender. Notification mails are worked one
  // at a time in the order they were queued, so once the witness's mail is in, the away member's job ran.
  await directMessage(request, second, witness, 'Hello, witness');
  await latestMailTo(witness.email);
  await expect.poll(() => mailsTo(away.email)?.length).toBe(1);

  // On again: the next message is mailed, so the closed browser left the member away all along.
  await setEmailNotifications(browser, away, true);
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
});
