import { useEffect } from 'react';
import { useSiteSettings } from './api.ts';

/** Applies the admin-chosen theme colours as the app's CSS variables; live, as the settings refetch. */
export function useSiteTheme() {
  const { data } = useSiteSettings();
  const primary = data?.siteTheme.primaryColor;
  const secondary = data?.siteTheme.secondaryColor;
  useEffect(() => {
    const style = document.documentElement.style;
    if (primary) style.setProperty('--cm-primary', primary);
    if (secondary) style.setProperty('--cm-secondary', secondary);
  }, [primary, secondary]);
}
