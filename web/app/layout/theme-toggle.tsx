import { Moon, Sun } from 'lucide-react';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useTheme } from '../../lib/theme.ts';

/** Both icons, the theme's class on <html> showing one: the server draws this without knowing the theme. */
export function ThemeToggle() {
  const { toggle } = useTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={ui.toggleTheme}
      className={buttonClasses('ghost', 'icon')}
    >
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
    </button>
  );
}
