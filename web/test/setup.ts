import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { sourceLocale } from '../../contract/i18n/locales.ts';
import { setActiveLocale } from '../lib/locale.ts';
import toast from '../lib/toast.ts';
import { unhandledRequests } from './render.tsx';

// findBy/waitFor give up after 5 s, not 1 s: on a loaded CI machine (2 cores, four suites) a re-render after
// an answer took over a second. A passing wait returns as soon as its condition holds.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with an empty page, no toasts (react-hot-toast keeps them in module state) and the real
// fetch; a request the test's server had no answer for fails the test (the page asked for what it did not
// expect, or the test forgot a route).
afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
  const unhandled = unhandledRequests.splice(0);
  expect(unhandled, 'requests the test served no answer for').toEqual([]);
});

// And in English: the web files share their workers' modules (vitest.config.ts, isolate: false), and the active
// language is module state. The files that switch it reset it after each test, but a file's own afterEach runs
// before the cleanup above (vitest runs after-hooks in reverse), while its components are still mounted and
// may switch again; once in CI the next file in the worker found Russian (paged-list.test: "Загрузить ещё",
// not "Load more"). So each test starts from the source language, whatever ran before it in the worker.
beforeEach(() => setActiveLocale(sourceLocale));
