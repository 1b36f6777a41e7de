import type { Renderable, Toast, ToastOptions, ValueOrFunction } from 'react-hot-toast';

/*
 * The app's toasts: react-hot-toast's calls, with its library and screen part loaded on the first toast, not in
 * the first screen's code (web/app/toasts.tsx says why not when the tab is first idle). Together they were 4.3 KB of brotli in
 * every page's first screen, and goober parsed their styles as the shell's code was evaluated (decision 070).
 * A toast raised before they arrive waits for them, in order, a few milliseconds; each call returns its id at
 * once, as react-hot-toast's do.
 */

type Loaded = Pick<typeof import('./toaster.tsx'), 'toast' | 'ToasterUi'>;
type Message = ValueOrFunction<Renderable, Toast>;
type Kind = 'blank' | 'success' | 'error' | 'loading';

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
const waiting: ((module: Loaded) => void)[] = [];
const watchers = new Set<(module: Loaded) => void>();

/** Fetches the toasts' chunk once; what waited for it runs in the order it was asked. */
export function loadToaster(): Promise<Loaded> {
  loading ??= import('./toaster.tsx').then(({ toast, ToasterUi }) => {
    const module = { toast, ToasterUi };
    loaded = module;
    for (const watch of watchers) watch(module);
    for (const call of waiting.splice(0)) call(module);
    return module;
  });
  return loading;
}

/** The chunk if it is here, for a first render that needs no effect to show it. */
export function loadedToaster(): Loaded | undefined {
  return loaded;
}

/** Called once the chunk is here; returns the unsubscribe. */
export function whenToasterLoads(watch: (module: Loaded) => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

let issued = 0;

function show(kind: Kind, message: Message, options?: ToastOptions): string {
  const id = options?.id ?? `toast-${++issued}`;
  const call = ({ toast }: Loaded) => (kind === 'blank' ? toast : toast[kind])(message, { ...options, id });
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
