import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loadAxe, seriousViolations, violationLine } from './support/axe.ts';
import { asUser, signInAs } from './support/social.ts';
import { createUser } from './support/users.ts';

test('a member quotes the thread and mentions another with the autocomplete; the other is notified live and follows it to the reply', async ({
  browser,
  request,
}) => {
  test.slow(); // two accounts and the editor's chunk on a busy machine
  const [writer, reader] = await Promise.all([createUser(request, 'writer'), createUser(request, 'reader')]);
  const title = `Mentions ${randomUUID().slice(0, 6)}`;
  const threadId = await asUser(request, writer, async () => {
    const categories = await (await request.get('/api/v1/forum/categories')).json();
    const res = await request.post('/api/v1/forum/threads', {
      data: { categoryId: categories.items[0].id, title, content: 'Which **config** do you use?' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  });

  const writerPage = await (await browser.newContext()).newPage();
  const readerPage = await (await browser.newContext()).newPage();
  await signInAs(writerPage, writer);
  await signInAs(readerPage, reader);
  const bell = readerPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The writer quotes the opening post: a quote block naming its author, linked back to the thread.
  const w = writerPage;
  await w.goto(`/forum/post/${threadId}`);
  await expect(w.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await w.getByRole('button', { name: 'Quote post' }).click();
  const field = w.getByRole('textbox', { name: 'Your reply' });
  await expect(field).toHaveValue(
    `> [@${writer.username}](/forum/post/${threadId}) wrote:\n> Which **config** do you use?\n\n`,
  );
  await expect(field).toBeFocused();

  // @ and the start of the name: the suggestions come, the keyboard picks one.
  await field.pressSequentially(`Mine, ask @${reader.username.slice(0, 9)}`);
  const suggestions = w.getByRole('listbox', { name: 'Mention suggestions' });
  const option = suggestions.getByRole('option', { name: reader.username });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  // The open list passes the same axe rules as every screen (e2e/a11y.spec.ts).
  await loadAxe(w);
  expect((await seriousViolations(w)).map(violationLine)).toEqual([]);
  await field.press('Enter');
  await expect(suggestions).toHaveCount(0);
  await field.pressSequentially('about it');
  await expect(field).toHaveValue(new RegExp(`Mine, ask @${reader.username} about it$`));
  await w.getByRole('button', { name: 'Post Reply' }).click();
  await expect(w.getByText('Reply posted successfully')).toBeVisible();

  const replies = w.getByRole('list', { name: 'Replies' });
  const quoted = replies.locator('blockquote').getByRole('link', { name: `@${writer.username}` });
  await expect(quoted).toHaveAttribute('href', `/forum/post/${threadId}`);
  const mention = replies.getByRole('link', { name: `@${reader.username}` });
  await expect(mention).toHaveAttribute('href', `/profile/${reader.id}`);

  // The mentioned member's bell counts it live, and its notification leads to the reply.
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });
  await bell.click();
  await readerPage
    .getByRole('button', { name: new RegExp(`${writer.username} mentioned you.*${title}`) })
    .click();
  await expect(readerPage).toHaveURL(new RegExp(`/forum/post/${threadId}#reply-[0-9a-f-]{36}$`));
  const anchor = new URL(readerPage.url()).hash.slice(1);
  const target = readerPage.locator(`[id="${anchor}"]`);
  await expect(target).toContainText(`Mine, ask @${reader.username} about it`);
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  await expect(bell).toHaveAccessibleName('Notifications');

  // A mention link opens the profile in the app.
  await target.getByRole('link', { name: `@${reader.username}` }).click();
  await expect(readerPage).toHaveURL(new RegExp(`/profile/${reader.id}$`));
});
