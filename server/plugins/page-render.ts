import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { negotiateLocale, sourceLocale } from '../../contract/i18n/locales.ts';

/*
 * The public pages' first screen drawn on the server (issue 38, decision 067). `npm run build` writes the web
 * app's server renderer (web/entry-server.tsx) beside the web root; this loads it and answers its API calls
 * with the app itself (`app.inject`), so the page shows exactly what the API would tell that visitor.
 */

interface RendererModule {
  render(url: string): Promise<{ html: string; state: string } | null>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  SERVER_STATE_ID: string;
}

export interface PageRenderer {
  /** Whether this request's page is drawn here: a visitor's, in the source language. */
  drawsFor(request: FastifyRequest): Promise<boolean>;
  /** The page's markup and state, or null when it could not be drawn (the browser then draws it). */
  draw(request: FastifyRequest): Promise<DrawnPage | null>;
  /** The id of the element the state is written into, after the drawn page. */
  stateId: string;
}
export interface DrawnPage {
  html: string;
  state: string;
  stateId: string;
}

/**
 * Pages drawn at once, at most. Drawing is CPU work a plain page never cost; past this, a visitor gets the page
 * drawn in their browser, as before, rather than waiting behind others (a crowd from a shared link, a crawler).
 */
export const MAX_DRAWS_IN_FLIGHT = Math.max(2, availableParallelism() * 2);

/** The visitor a render runs for: its API calls come from their address (rate limits count them as theirs). */
const visitor = new AsyncLocalStorage<string>();

/** The renderer at `file`, or null when the build wrote none (a web root without one is drawn in the browser). */
export async function loadPageRenderer(app: FastifyInstance, file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as RendererModule;
  renderer.setApiTransport(async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: init.headers as Record<string, string>,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: visitor.getStore(),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && name !== 'set-cookie') headers.set(name, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
  });

  let inFlight = 0;
  return {
    stateId: renderer.SERVER_STATE_ID,
    async drawsFor(request) {
      // A member's pages are their own and drawn in their browser; so is a page in another language than the
      // source one (the server draws in English only, and the browser would draw it again in its language).
      if (negotiateLocale(request.headers['accept-language']) !== sourceLocale) return false;
      return !(request.headers.cookie && (await app.sessionViewer(request.headers)));
    },
    async draw(request) {
      if (inFlight >= MAX_DRAWS_IN_FLIGHT) return null;
      inFlight++;
      try {
        const page = await visitor.run(request.ip, () => renderer.render(request.url));
        return page && { html: page.html, state: page.state, stateId: renderer.SERVER_STATE_ID };
      } catch (err) {
        // The page still works, drawn in the browser as before; the log says what the server could not draw.
        request.log.error({ err, url: request.url }, 'page not drawn on the server');
        return null;
      } finally {
        inFlight--;
      }
    },
  };
}

const rootElement = '<div id="root"></div>';
const htmlElement = /<html\b([^>]*)>/;

/** Whether an index.html has the empty #root a drawn page fills (web/index.html does; a test pins it). */
export const takesPage = (template: string) => template.includes(rootElement) && htmlElement.test(template);

/**
 * The document cut where the drawn page goes: the first part (the head, so the browser fetches the styles and
 * code while the page is drawn) with `data-drawn` on <html>, and the rest after #root's contents. boot.js
 * then leaves the first screen's data to the state, and hides the page while it is drawn in another language.
 * The head also holds the first paint until the element after the page (`afterPageId`, the state) is parsed:
 * a browser slowed down painted half a parsed page (the home page's main column before its side column), and
 * the rest then moved it (a layout shift of 0.37 at 1280 px, CPU 4× slower). Where the page is not drawn after
 * all, the paint waits for the end of the document instead, which is where it would have been.
 */
export function splitAtRoot(document: string, afterPageId: string): [opening: string, closing: string] {
  const at = document.indexOf(rootElement) + rootElement.length - '</div>'.length;
  const marked = (part: string) =>
    codeAfterPaint(part)
      .replace(htmlElement, (_, attributes: string) => `<html${attributes} data-drawn>`)
      .replace('</head>', `  <link rel="expect" href="#${afterPageId}" blocking="render" />\n  </head>`);
  return [marked(document.slice(0, at)), codeAfterPaint(document.slice(at))];
}

const moduleScript = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const modulePreload = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A drawn page's code named, not loaded: boot.js loads it after the first paint. Loaded from the head, it took
 * the bandwidth and the main thread the page's first paint needed (the app's code evaluated before it, 1/4 of
 * the time to that paint at CPU 4×), while a drawn page has nothing to show that the code would add.
 */
const codeAfterPaint = (part: string) =>
  part
    .replace(moduleScript, '<meta name="app-module" content="$1" />')
    .replace(modulePreload, '<meta name="app-preload" content="$1" />');

/** The rest of the document after the opening: the drawn page in #root, then its state (nothing if not drawn). */
export function pageAndClosing(page: DrawnPage | null, closing: string): string {
  if (!page) return closing;
  const state = `<script type="application/json" id="${page.stateId}">${page.state}</script>`;
  return `${page.html}</div>\n    ${state}${closing.slice('</div>'.length)}`;
}
