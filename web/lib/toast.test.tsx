import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('a toast raised before the toasts’ chunk has arrived', () => {
  it('has its id at once, shows once the chunk is here, and a removal asked after it still applies', async () => {
    // A copy of the module that has not loaded its chunk yet (the other tests' copy has, by now).
    vi.resetModules();
    const fresh = await import('./toast.ts');
    const toast = fresh.default;
    const arrived: unknown[] = [];
    const stop = fresh.whenToasterLoads((module) => arrived.push(module));
    try {
      expect(fresh.loadedToaster()).toBeUndefined();
      const first = toast.success('Saved before the chunk');
      expect(first).toMatch(/^toast-\d+$/);
      expect(toast.error('Failed before the chunk', { id: 'mine' })).toBe('mine');
      toast.remove(first);
      // Asking is what fetched it: nothing else did.
      const loaded = await fresh.loadToaster();
      expect(fresh.loadedToaster()).toBe(loaded);
      // The screen part (web/app/toasts.tsx) is told once.
      expect(arrived).toEqual([loaded]);
      render(<loaded.ToasterUi />);
      expect(await screen.findByText('Failed before the chunk')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Failed before the chunk');
      expect(screen.queryByText('Saved before the chunk')).not.toBeInTheDocument();
    } finally {
      stop();
      toast.remove();
    }
  });

  it('dismissing with nothing raised does not fetch the chunk', async () => {
    vi.resetModules();
    const fresh = await import('./toast.ts');
    fresh.default.dismiss();
    fresh.default.remove('none');
    // Had either started the import, it would have finished by now.
    await vi.dynamicImportSettled();
    expect(fresh.loadedToaster()).toBeUndefined();
  });
});
