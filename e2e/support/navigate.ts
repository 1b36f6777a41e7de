import { expect, type Page } from '@playwright/test';

/**
 * Goes to `path` inside the app, as a link does: the shell, the session and the loaded code stay, only the
 * route changes. Walks over many screens use it where a full load per screen would spend the time on the
 * same bundle and session again. Returns once the router is idle (no "Loading page" bar).
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate(async (to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    // Two frames: React has committed the navigation's start (the progress bar) before we wait on it.
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
  }, path);
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
}
