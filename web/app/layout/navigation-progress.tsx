import { useNavigation } from 'react-router';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';

/** A thin bar at the top of the window while the next page's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
      role="progressbar"
      aria-label={ui.loadingPage}
    >
      <div className="h-full w-1/3 animate-[cm-progress_1s_ease-in-out_infinite] bg-gradient-to-r from-primary to-secondary" />
    </div>
  );
}
