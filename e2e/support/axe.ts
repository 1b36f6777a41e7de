import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.x A and AA rules plus axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits until the screen's data has loaded (no skeleton) and its colours are at rest: a scan of a page still
 * changing reports what is on the way out (an element removed mid-scan has no name: `link-name`).
 */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // And at rest: a button whose colours are still changing (150 ms, when its data arrives) has, mid-way,
  // neither its old nor its new contrast, which axe would report. Finite transitions only.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Loads axe into the page, once per document. */
export async function loadAxe(page: Page) {
  await page.evaluate(axe.source);
}

/** The page's serious and critical violations (axe loaded by `loadAxe`). */
export function seriousViolations(page: Page) {
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags } })
        .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')),
    AXE_TAGS,
  );
}

/** The page's violations of the named rules only, whatever their impact (axe loaded by `loadAxe`). */
export function ruleViolations(page: Page, rules: string[]) {
  return page.evaluate(
    (ids) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'rule', values: ids } })
        .then((r) => r.violations),
    rules,
  );
}

/** A violation as one line for an assertion's diff: the rule and where it failed. */
export function violationLine(violation: axe.Result): string {
  return `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(' | ')}`;
}
