import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import lua from 'highlight.js/lib/languages/lua';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sqlLang from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import x86asm from 'highlight.js/lib/languages/x86asm';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import MarkdownIt, { type Env, type StateCore, type Token } from 'markdown-it';
import container from 'markdown-it-container';
import taskLists from 'markdown-it-task-lists';
import sanitizeHtml from 'sanitize-html';
import { limits } from '../../../contract/limits.ts';
import { isMediaPath } from '../../../contract/media.ts';

/*
 * Forum Markdown, rendered once when a thread or reply is written (decision 017, Discourse's "cooked" HTML).
 * Two layers: markdown-it with raw HTML off (any `<tag>` typed is text), then an allow-list sanitizer over
 * its output, so a parser or plugin bug still cannot let through a tag, attribute or URL scheme not below.
 */

// Only the languages this community posts: the whole highlight.js set costs start-up time for nothing.
const languages = {
  bash,
  c,
  cpp,
  csharp,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  lua,
  plaintext,
  python,
  rust,
  sql: sqlLang,
  typescript,
  x86asm,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const LINK_REL = 'nofollow ugc noopener';

const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: true });
md.validateLink = (url) => SAFE_URL.test(url.trim());
md.use(taskLists, { enabled: false });
// Spoilers: a block between `::: spoiler` and `:::`, shown as a closed <details> (no script needed).
md.use(container, 'spoiler', {
  render: (tokens: { nesting: number }[], idx: number) =>
    tokens[idx]!.nesting === 1 ? '<details class="spoiler"><summary>Spoiler</summary>\n' : '</details>\n',
});

// Fenced code: highlighted with classes (the CSP allows no inline styles), under a language label.
md.renderer.rules.fence = (tokens, idx) => {
  const token = tokens[idx]!;
  const label = (token.info.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z0-9+#._-]/g, '');
  const language = label && hljs.getLanguage(label) ? label : '';
  const code = language
    ? hljs.highlight(token.content, { language, ignoreIllegals: true }).value
    : md.utils.escapeHtml(token.content);
  const head = label ? `<div class="code-lang">${md.utils.escapeHtml(label)}</div>` : '';
  const cls = language ? ` class="hljs language-${language}"` : ' class="hljs"';
  return `<div class="code-block">${head}<pre><code${cls}>${code}</code></pre></div>\n`;
};

// Images we host (`/media/…`, uploaded and re-encoded by us: decision 023) are shown. Any other image is
// never hot-linked (a third party would learn our members' addresses): a link that shows the alt text, or
// the address when there is none, and nothing is fetched.
md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = token.children?.map((c) => c.content).join('') ?? '';
  if (isMediaPath(src))
    return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}" loading="lazy">`;
  return `<a href="${md.utils.escapeHtml(src)}" class="md-image">${md.utils.escapeHtml(`Image: ${alt || src}`)}</a>`;
};

/** A member a post names as `@username`, linked to their profile. */
export interface MentionedMember {
  id: string;
  username: string;
}
/** The mentioned members that exist, by lower-case username. */
export type MentionMap = ReadonlyMap<string, MentionedMember>;
/** The names a text mentions, lower-case, in order of first appearance, once each. */
export interface Mentions {
  /** Every name after `@`: those that are members become links. */
  names: string[];
  /** The names outside quotes: whom the post itself addresses (quoting a post does not notify again). */
  addressed: string[];
}
interface MentionEnv extends Env {
  /** Filled while parsing. */
  mentions?: Mentions;
  members?: MentionMap;
}

// `@name` in the sign-up charset and length, at the start of a text run or after a character that cannot
// end a name, address or path (so `me@host`, `a.@b` and `/@x` are not mentions), not followed by more name.
const MENTION = new RegExp(
  `(^|[^A-Za-z0-9_.@/-])@([A-Za-z0-9_-]{${limits.username.min},${limits.username.max}})(?![A-Za-z0-9_-])`,
  'g',
);

/*
 * Mentions are found on the token stream, never in HTML: only text outside links (an autolinked address, or
 * a quote's `[@name](…)` attribution, stays as it is) and outside code (code spans and blocks are not text
 * tokens). It runs before text_join, so an escaped `\@name` (a text_special token) is no mention.
 */
md.core.ruler.before('text_join', 'mentions', (state: StateCore) => {
  const names = new Set<string>();
  const addressed = new Set<string>();
  let quoteDepth = 0;
  for (const block of state.tokens) {
    if (block.type === 'blockquote_open') quoteDepth++;
    if (block.type === 'blockquote_close') quoteDepth--;
    if (block.type !== 'inline' || !block.children) continue;
    let linkDepth = 0;
    const out: Token[] = [];
    for (const token of block.children) {
      if (token.type === 'link_open') linkDepth++;
      if (token.type === 'link_close') linkDepth--;
      if (token.type !== 'text' || linkDepth > 0 || !token.content.includes('@')) {
        out.push(token);
        continue;
      }
      let last = 0;
      for (const match of token.content.matchAll(MENTION)) {
        const at = match.index + match[1]!.length;
        const name = match[2]!;
        if (at > last) out.push(textToken(state, token.content.slice(last, at)));
        const mention = new state.Token('mention', '', 0);
        mention.content = `@${name}`;
        mention.meta = { name };
        out.push(mention);
        names.add(name.toLowerCase());
        if (quoteDepth === 0) addressed.add(name.toLowerCase());
        last = at + 1 + name.length;
      }
      if (last === 0) out.push(token);
      else if (last < token.content.length) out.push(textToken(state, token.content.slice(last)));
    }
    block.children = out;
  }
  (state.env as MentionEnv).mentions = { names: [...names], addressed: [...addressed] };
});

function textToken(state: StateCore, content: string) {
  const token = new state.Token('text', '', 0);
  token.content = content;
  return token;
}

// A name that is a member links to their profile (shown as they spell it); any other stays text.
md.renderer.rules.mention = (tokens, idx, _options, env) => {
  const token = tokens[idx]!;
  const member = (env as MentionEnv | undefined)?.members?.get(String(token.meta?.name).toLowerCase());
  if (!member) return md.utils.escapeHtml(token.content);
  const href = `/profile/${encodeURIComponent(member.id)}`;
  return `<a href="${href}" class="mention">@${md.utils.escapeHtml(member.username)}</a>`;
};

/** Tags, attributes, classes and URL schemes the stored HTML may hold; everything else is dropped. */
export const allowList: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'span',
    'div',
    'details',
    'summary',
    'input',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target', 'class'],
    ol: ['start'],
    input: ['type', 'checked', 'disabled', 'class'],
    img: ['src', 'alt', 'loading'],
    '*': ['class'],
  },
  allowedClasses: {
    code: ['hljs', 'language-*'],
    span: ['hljs-*', '*_'],
    div: ['code-block', 'code-lang'],
    details: ['spoiler'],
    a: ['md-image', 'mention'],
    ul: ['contains-task-list'],
    li: ['task-list-item'],
    input: ['task-list-item-checkbox'],
    th: ['align-left', 'align-center', 'align-right'],
    td: ['align-left', 'align-center', 'align-right'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // An <img> may only point at an image we host (exclusiveFilter below): no scheme at all.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Any <img> whose address is not one of our /media files is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isMediaPath(frame.attribs.src),
  transformTags: {
    // Every link leaves in a new tab without handing our page to it, and earns no search ranking.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: LINK_REL, target: '_blank' },
    }),
    // A task list's box only shows its state.
    input: (tagName, attribs) => ({
      tagName,
      attribs: {
        type: 'checkbox',
        disabled: '',
        class: 'task-list-item-checkbox',
        ...('checked' in attribs ? { checked: '' } : {}),
      },
    }),
    // An image keeps its address, its description and lazy loading, nothing else.
    img: (tagName, attribs) => ({
      tagName,
      attribs: { src: attribs.src ?? '', alt: attribs.alt ?? '', loading: 'lazy' },
    }),
    // Table alignment as a class: the CSP refuses style attributes.
    th: alignAsClass,
    td: alignAsClass,
  },
};

function alignAsClass(tagName: string, attribs: sanitizeHtml.Attributes) {
  const align = /text-align:\s*(left|center|right)/.exec(attribs.style ?? '')?.[1];
  const kept: sanitizeHtml.Attributes = align ? { class: `align-${align}` } : {};
  return { tagName, attribs: kept };
}

/**
 * Markdown source to the sanitized HTML that is stored beside it and shown as is. `members`: the mentioned
 * names that exist (from `findMentions`), which become profile links.
 */
export function renderMarkdown(source: string, members: MentionMap = new Map()): string {
  const env: MentionEnv = { members };
  return sanitizeHtml(md.render(source, env), allowList);
}

/** The names `source` mentions with `@` (parsed only, nothing rendered). */
export function findMentions(source: string): Mentions {
  const env: MentionEnv = {};
  md.parse(source, env);
  return env.mentions ?? { names: [], addressed: [] };
}

/** What a post sends readers to: links to other sites, and images shown (trust limits, issue 36). */
export interface PostReach {
  links: number;
  images: number;
}

/**
 * Counts, on the token stream the renderer draws, the links a Markdown post makes to other sites (typed,
 * autolinked, or an image we do not host, which is drawn as a link) and the images it shows (ours, under
 * `/media/`). Links within the site (`/forum/…`, mentions) are not counted.
 */
export function countReach(source: string): PostReach {
  const reach = { links: 0, images: 0 };
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link_open' && !String(token.attrGet('href') ?? '').startsWith('/')) reach.links++;
      if (token.type === 'image') {
        if (isMediaPath(String(token.attrGet('src') ?? ''))) reach.images++;
        else reach.links++;
      }
      if (token.children) visit(token.children);
    }
  };
  visit(md.parse(source, {}));
  return reach;
}

/** Links in plain text (social posts and comments), found as the Markdown renderer's autolinker finds them. */
export function countPlainLinks(text: string): number {
  return md.linkify.match(text)?.length ?? 0;
}
