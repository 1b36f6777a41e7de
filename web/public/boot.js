// Runs in <head> before first paint, as a classic blocking script (our CSP allows no inline code). Kept tiny
// and dependency-free.
(() => {
  // The stored theme, so a light-theme visitor never sees a dark flash.
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

  // The first screen's own code and data, fetched while the app's code is still downloading (decision 029):
  // the build lists them per path in #first-screen; the app's API client takes each response once.
  const preloadLink = (href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    return link;
  };
  const preload = (href) => document.head.appendChild(preloadLink(href));
  // A page the server drew (decision 067) came with its data: nothing to fetch early.
  const drawn = root.hasAttribute('data-drawn');
  let screen = {};
  let redraw = false;
  try {
    const hints = JSON.parse(document.getElementById('first-screen')?.textContent || '{}');
    const path = location.pathname.replace(/\/+$/, '') || '/';
    screen = hints[path] || {};
    if (!drawn) for (const href of screen.js || []) preload(href);
    const early = {};
    for (const url of drawn ? [] : [...(hints['*']?.data || []), ...(screen.data || [])]) {
      early[url] = fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      // A response nobody takes (the visitor left at once) must not be an unhandled rejection.
      early[url].catch(() => {});
    }
    window.__earlyResponses = early;

    // The site's language (issue 41), as web/lib/locale.ts chooses it before a member's settings arrive: this
    // device's choice, else the first of the browser's languages we speak, else English. <html lang dir> is
    // right from the first paint, and that language's catalogue and formatter chunks start downloading now.
    const spoken = ['en', ...Object.keys(hints.locales || {})];
    const match = (tag) => {
      const wanted = String(tag).toLowerCase();
      return (
        spoken.find((l) => l.toLowerCase() === wanted) ||
        spoken.find((l) => l.toLowerCase().split('-')[0] === wanted.split('-')[0])
      );
    };
    let locale;
    try {
      const stored = window.localStorage.getItem('locale');
      if (stored && spoken.includes(stored)) locale = stored;
    } catch {
      // Storage blocked: the browser's languages decide.
    }
    for (const tag of locale ? [] : navigator.languages || []) {
      locale = match(tag);
      if (locale) break;
    }
    if (locale && locale !== 'en') {
      // The server draws in English: hidden until the app draws it again in this language (web/main.tsx).
      if (drawn) root.setAttribute('data-redraw', '');
      redraw = drawn;
      root.lang = locale;
      root.dir = /^(ar|fa|he|ur|yi)\b/.test(locale) ? 'rtl' : 'ltr';
      for (const href of hints.locales[locale] || []) preload(href);
    }
    // The page's first date or figure pays for the browser's locale data (ICU), 30–130 ms in a fresh tab: paid
    // here, while the styles (and the code) download, it stays out of the first render. Here and not in a timer
    // of its own: a phone's simulation (Lighthouse) ran that timer after the first paint, as blocking time.
    if (screen.intl) new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
  } catch {
    // Without the hints the app fetches everything itself, as it always can.
  }

  // A drawn page's code comes after its first paint (server/plugins/page-render.ts names it in the head):
  // the page is there to read, its links work, and the code no longer takes the bandwidth and the main
  // thread that paint needed. At once where there is no paint to wait for: a page hidden until it is
  // drawn again in this visitor's language, or a tab in the background (no frames until it is shown).
  if (drawn) {
    // Until the code takes the page over, its buttons and fields cannot do what they show: they say so
    // (disabled, read-only: a click or a word is refused, never taken and dropped). The app's first render
    // removes both, which are not in its props (web/main.tsx); styles.css keeps them looking as they will.
    document.addEventListener('DOMContentLoaded', () => {
      if (!root.hasAttribute('data-drawn')) return;
      for (const control of document.querySelectorAll(
        '#root button:not(:disabled), #root select:not(:disabled)',
      )) {
        control.disabled = true;
        control.setAttribute('data-until-app', '');
      }
      for (const field of document.querySelectorAll(
        '#root input:not([readonly]), #root textarea:not([readonly])',
      )) {
        field.readOnly = true;
        field.setAttribute('data-until-app', '');
      }
    });
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      // Looked up in the head only and added in one insertion: over a drawn page, a query of the whole
      // document and an insertion per file took 30–120 ms at a phone's CPU, after the paint.
      const head = document.head;
      const code = document.createDocumentFragment();
      for (const meta of head.querySelectorAll('meta[name="app-preload"]'))
        code.append(preloadLink(meta.content));
      for (const href of screen.js || []) code.append(preloadLink(href));
      for (const meta of head.querySelectorAll('meta[name="app-module"]')) {
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = meta.content;
        code.append(script);
      }
      head.appendChild(code);
    };
    // The names are parsed by then (they follow this script). The paint counts once it is on the screen (the
    // entry of the first contentful paint), not when the main thread has handed it on: a page as light as ours
    // is loaded (`load`) before that.
    if (redraw || document.visibilityState === 'hidden') document.addEventListener('DOMContentLoaded', start);
    else {
      let observing = false;
      try {
        new PerformanceObserver((paints) => {
          if (paints.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
        }).observe({ type: 'paint', buffered: true });
        observing = PerformanceObserver.supportedEntryTypes.includes('paint');
      } catch {
        // No paint timing: the load below starts it.
      }
      if (!observing) addEventListener('load', () => setTimeout(start, 0));
      // A page the server did not draw after all (its state, which the head waits for, is missing) has
      // nothing to paint: its code draws it.
      document.addEventListener('DOMContentLoaded', () => {
        const state = document.querySelector('link[rel="expect"]')?.getAttribute('href');
        if (!state || !document.querySelector(state)) start();
      });
    }
  }
})();
