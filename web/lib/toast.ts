import type { Renderable, Toast, ToastOptions, ValueOrFunction } from 'react-hot-toast';

/*
 * The app's toasts: react-hot-toast's calls, with its library and screen part loaded on first use or when the
 * tab is idle (web/app/toasts.tsx), not in the first screen's code. Together they were 4.3 KB of brotli in
 * every page's first screen, and goober parsed their styles as the shell's code was evaluated (decision 070).
 * A toast raised before they arrive waits for them, in order, a few milliseconds; each call returns its id at
 * once, as react-hot-toast's do. Their screen part is drawn from the first toast on, not when the chunk
 * arrives: drawing it (goober writing its styles) was a long task of its own on a page that showed no toast.
 */

type Loaded = Pick<typeof import('./toaster.tsx'), 'toast' | 'ToasterUi'>;
type Message = ValueOrFunction<Renderable, Toast>;
type Kind = 'blank' | 'success' | 'error' | 'loading';

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
/** A toast has been asked for: from then on the screen part is drawn. */
let asked = false;
const waiting: ((module: Loaded) => void)[] = [];
const watchers = new Set<(module: Loaded) => void>();

function tellWatchers() {
  if (loaded && asked) for (const watch of watchers) watch(loaded);
}

/** Fetches the toasts' chunk once; what waited for it runs in the order it was asked. */
export function loadToaster(): Promise<Loaded> {
  loading ??= import('./toaster.tsx').then(({ toast, ToasterUi }) => {
    const module = { toast, ToasterUi };
    loaded = module;
    tellWatchers();
    for (const call of waiting.splice(0)) call(module);
    return module;
  });
  return loading;
}

/** The chunk, once it is here and a toast has been asked for: what the screen part needs to be drawn. */
export function toasterToDraw(): Loaded | undefined {
  return asked ? loaded : undefined;
}

/** Called once the chunk is here and a toast has been asked for; returns the unsubscribe. */
export function whenToasterIsNeeded(watch: (module: Loaded) => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

let issued = 0;

function show(kind: Kind, message: Message, options?: ToastOptions): string {
  const id = options?.id ?? `toast-${++issued}`;
  const call = ({ toast }: Loaded) => (kind === 'blank' ? toast : toast[kind])(message, { ...options, id });
  if (!asked) {
    asked = true;
    tellWatchers();
  }
  if (loaded) call(loaded);
  else {
    waiting.push(call);
    void loadToaster();
  }
  return id;
}

/** Dismissing or removing needs the chunk only when a toast is waiting for it: otherwise there is none. */
function retire(how: 'dismiss' | 'remove', id?: string) {
  if (loaded) loaded.toast[how](id);
  else if (waiting.length > 0) waiting.push(({ toast }) => toast[how](id));
}

const toast = Object.assign((message: Message, options?: ToastOptions) => show('blank', message, options), {
  success: (message: Message, options?: ToastOptions) => show('success', message, options),
  error: (message: Message, options?: ToastOptions) => show('error', message, options),
  loading: (message: Message, options?: ToastOptions) => show('loading', message, options),
  dismiss: (id?: string) => retire('dismiss', id),
  remove: (id?: string) => retire('remove', id),
});

export default toast;
