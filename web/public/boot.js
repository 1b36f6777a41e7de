// Runs before first paint so a light-theme visitor never sees a dark flash. Kept tiny and dependency-free.
(() => {
  let theme = 'dark';
  try {
    const stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch {
    // Storage can be blocked (privacy modes); the default theme applies.
  }
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
})();
