import { useEffect } from 'react';
import { useSiteSettings } from './api.ts';

/**
 * Applies the admin-chosen theme colours as the app's CSS variables; live, as the settings refetch. The
 * server's readable tones of the primary colour paint fills behind white text and primary text
 * (web/styles.css), so any chosen colour keeps 4.5:1.
 */
export function useSiteTheme() {
  const { data } = useSiteSettings();
  useEffect(() => {
    if (!data) return;
    const { siteTheme: theme, themeTones: tones } = data;
    const vars = {
      primary: theme.primaryColor,
      secondary: theme.secondaryColor,
      'tone-fill': tones.primaryFill,
      'tone-text': tones.primaryText,
      'tone-text-dark': tones.primaryTextDark,
    };
    for (const [name, value] of Object.entries(vars)) {
      document.documentElement.style.setProperty(`--cm-${name}`, value);
    }
  }, [data]);
}
