import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { asUser } from './support/social.ts';
import { asAdmin, createUser } from './support/users.ts';

test('global search: start typing, finds a cheat (with its status), a member and a listing; keyboard opens one', async ({
  page,
  request,
}) => {
  const tag = `srch${randomUUID().slice(0, 6)}`;
  const member = await createUser(request, tag);
  await asAdmin(request, async () => {
    for (const [title, status] of [
      [`${tag} Undetected`, 'undetected'],
      [`${tag} Detected`, 'detected'],
    ] as const) {
      const res = await request.post('/api/v1/admin/cheats', {
        data: {
          title,
          game: 'Valorant',
          description: 'A cheat for the search test.',
          status,
          downloadUrl: 'https://files.example.com/c.zip',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  });
  const listing = await asUser(request, member, async () => {
    const res = await request.post('/api/v1/listings', {
      data: {
        title: `${tag} listing`,
        price: 250,
        game: 'Valorant',
        features: 'Aimbot and ESP',
        requirements: 'Windows 11',
        description: 'A well kept listing with a long enough description.',
        contentLink: 'https://files.example.com/secret-download',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  });

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.click();
  await expect(page.getByText('Start typing to search')).toBeVisible();
  await box.fill(`nothing${randomUUID().slice(0, 6)}`);
  await expect(page.getByText('No results found')).toBeVisible();

  await box.fill(tag);
  const results = page.getByRole('listbox', { name: 'Search results' });
  const cheats = results.getByRole('group', { name: 'Cheats' });
  await expect(cheats.getByRole('option')).toHaveCount(2);
  await expect(cheats.getByRole('option', { name: new RegExp(`${tag} Detected`) })).toContainText('detected');
  await expect(
    results.getByRole('group', { name: 'Users' }).getByRole('option', { name: member.username }),
  ).toBeVisible();
  await expect(results.getByRole('group', { name: 'Listings' }).getByRole('option')).toContainText(
    '250 Credits',
  );

  // Keyboard: down through the cheats and the member to the listing, Enter opens it.
  for (let i = 0; i < 4; i++) await box.press('ArrowDown');
  await expect(results.getByRole('option', { selected: true })).toContainText(`${tag} listing`);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/marketplace/${listing.id}$`));

  // A click on a member opens the profile.
  await box.fill(member.username);
  await results.getByRole('option', { name: member.username }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.id}$`));
});
