import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('a toast raised before the toasts’ chunk has arrived', () => {
  it('has its id at once, shows once the chunk is here, and a removal asked after it still applies', async () => {
    // A copy of the module that has not loaded its chunk yet (the other tests' copy has, by now).
    vi.resetModules();
    const fresh = await import('./toast.ts');
    const toast = fresh.default;
    try {
      expect(fresh.toasterToDraw()).toBeUndefined();
      const first = toast.success('Saved before the chunk');
      expect(first).toMatch(/^toast-\d+$/);
      expect(toast.error('Failed before the chunk', { id: 'mine' })).toBe('mine');
      toast.remove(first);
      // Asking is what fetched it: nothing else did.
      const loaded = await fresh.loadToaster();
      expect(fresh.toasterToDraw()).toBe(loaded);
      render(<loaded.ToasterUi />);
      expect(await screen.findByText('Failed before the chunk')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Failed before the chunk');
      expect(screen.queryByText('Saved before the chunk')).not.toBeInTheDocument();
    } finally {
      toast.remove();
    }
  });

  it('dismissing with nothing raised does not fetch the chunk', async () => {
    vi.resetModules();
    let fetched = 0;
    vi.doMock('./toaster.tsx', async (original) => {
      fetched++;
      return original();
    });
    try {
      const fresh = await import('./toast.ts');
      fresh.default.dismiss();
      fresh.default.remove('none');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(fetched).toBe(0);
      // The check itself can fail: a toast does fetch it.
      fresh.default('Now one is raised');
      await fresh.loadToaster();
      expect(fetched).toBe(1);
      fresh.default.remove();
    } finally {
      vi.doUnmock('./toaster.tsx');
    }
  });
});

describe('the toasts’ chunk loaded while the tab is idle', () => {
  it('draws nothing until the first toast is asked for, then tells the screen part once', async () => {
    vi.resetModules();
    const fresh = await import('./toast.ts');
    const told: unknown[] = [];
    const stop = fresh.whenToasterIsNeeded((module) => told.push(module));
    try {
      const loaded = await fresh.loadToaster();
      expect(fresh.toasterToDraw()).toBeUndefined();
      expect(told).toEqual([]);
      fresh.default.success('The first toast');
      expect(told).toEqual([loaded]);
      expect(fresh.toasterToDraw()).toBe(loaded);
      fresh.default('A second one');
      expect(told).toHaveLength(1);
      render(<loaded.ToasterUi />);
      expect(await screen.findByText('The first toast')).toBeInTheDocument();
      expect(screen.getByText('A second one')).toBeInTheDocument();
    } finally {
      stop();
      fresh.default.remove();
    }
  });
});
