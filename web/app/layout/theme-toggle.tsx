import { Moon, Sun } from 'lucide-react';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useTheme } from '../../lib/theme.ts';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={ui.toggleTheme}
      className={buttonClasses('ghost', 'icon')}
    >
      {theme === 'dark' ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
