import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// Each test starts with an empty page, no toasts (react-hot-toast keeps them in module state) and the real fetch.
afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
});
