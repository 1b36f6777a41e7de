import { describe, expect, it } from 'vitest';
import { cheatWatches, userSettings } from '../../../db/schema/index.ts';
import { buildCheat, buildListing, buildSignedInUser, buildUser, fundUser } from '../../../test/factories.ts';
import { mailSuite, type TestSmtp } from '../../../test/smtp.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { MAIL_JOBS_WITH_THE_ROWS } from '../../notifications/service.ts';

/** Detection alerts by mail: the notification-mail job, the members' switches, the links. */
let t: TestApp;
let smtp: TestSmtp;
mailSuite((made) => {
  ({ t, smtp } = made);
});

const call = (method: 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
const mailsTo = (email: string) => smtp.received.filter((m) => m.to[0] === email);
const switchOff = (userId: string) =>
  t.db
    .insert(userSettings)
    .values({ userId, emailNotifications: false })
    .onConflictDoUpdate({ target: userSettings.userId, set: { emailNotifications: false } });

/** Staff set the cheat's status to detected, and the mail jobs that follow have run. */
async function markDetected(cheat: Awaited<ReturnType<typeof buildCheat>>, cookie: string) {
  const res = await call('PUT', `/api/v1/admin/cheats/${cheat.id}`, cookie, {
    title: cheat.title,
    description: cheat.description,
    game: cheat.game,
    downloadUrl: cheat.downloadUrl,
    status: 'detected',
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.settle();
}

describe('detection alert mails', () => {
  it('a cheat status change mails watchers whose email notifications are on, with a link to the cheat; not the others', async () => {
    const cheat = await buildCheat(t, { status: 'undetected' });
    const [on, off, staff] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t, { role: 'moderator' }),
    ]);
    await switchOff(off.id);
    for (const who of [on, off, staff]) await call('PUT', `/api/v1/cheats/${cheat.id}/watch`, who.cookie);
    await markDetected(cheat, staff.cookie);
    const [mail, ...more] = mailsTo(on.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Cheat status changed — CheatMarket');
    expect(mail!.text).toContain(`${cheat.title} is now Detected.`);
    expect(mail!.html).toContain(`href="http://localhost:3000/cheats/${cheat.id}"`);
    expect(mailsTo(off.email)).toEqual([]);
    // The staff member who changed it is not alerted, so not mailed.
    expect(mailsTo(staff.email)).toEqual([]);
  });

  it('a change watched by more members than MAIL_JOBS_WITH_THE_ROWS mails each of them once, through the job that queues their mails', async () => {
    const cheat = await buildCheat(t, { status: 'undetected' });
    const staff = await buildSignedInUser(t, { role: 'moderator' });
    const watchers = await Promise.all(
      Array.from({ length: MAIL_JOBS_WITH_THE_ROWS + 1 }, () => buildUser(t)),
    );
    await t.db.insert(cheatWatches).values(watchers.map((w) => ({ cheatId: cheat.id, userId: w.id })));
    await markDetected(cheat, staff.cookie);
    for (const w of watchers)
      expect(
        mailsTo(w.email).map((m) => m.subject),
        w.email,
      ).toEqual(['Cheat status changed — CheatMarket']);
  });

  it('a buyer inside the window is mailed the dispute link; a watcher with mail off is not mailed', async () => {
    const [seller, buyer, quiet] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    await fundUser(t, buyer.id, 30);
    const listing = await buildListing(t, { userId: seller.id, price: 30, type: 'cheat' });
    const bought = await call('POST', `/api/v1/listings/${listing.id}/purchase`, buyer.cookie, {
      expectedPrice: 30,
    });
    expect(bought.statusCode).toBe(201);
    const orderId = bought.json().id as string;
    await switchOff(quiet.id);
    await call('PUT', `/api/v1/listings/${listing.id}/watch`, quiet.cookie);
    await t.app.jobs.settle();
    smtp.received.length = 0;

    await call('PUT', `/api/v1/listings/${listing.id}/detection`, seller.cookie, {
      detectionStatus: 'detected',
    });
    await t.app.jobs.settle();
    const [mail, ...more] = mailsTo(buyer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Listing marked detected — CheatMarket');
    expect(mail!.html).toContain(`href="http://localhost:3000/orders?dispute=${orderId}"`);
    expect(mail!.text).toContain('Open a dispute');
    expect(mailsTo(quiet.email)).toEqual([]);
    expect(mailsTo(seller.email)).toEqual([]);
  });
});
