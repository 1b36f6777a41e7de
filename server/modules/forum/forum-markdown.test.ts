import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMessages as m } from '../../../contract/messages.ts';
import { forumReplies, forumThreads } from '../../db/schema/index.ts';
import { buildForumCategory, buildForumThread, buildSignedInUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { allowList } from './markdown.ts';

let t: TestApp;
let member: Awaited<ReturnType<typeof buildSignedInUser>>;
let categoryId: string;
beforeAll(async () => {
  t = await buildTestApp();
  member = await buildSignedInUser(t);
  categoryId = (await buildForumCategory(t)).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

/** Tags and attributes the cooked HTML may hold (decision 017); this suite's own copy, not the code's. */
const TAGS = new Set(
  'p br hr h1 h2 h3 h4 h5 h6 strong em s code pre blockquote ul ol li table thead tbody tr th td a span div details summary input img'.split(
    ' ',
  ),
);
/** The only images the cooked HTML may show: ones we host (decision 023). */
const MEDIA_SRC = /^\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png)$/;
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target', 'class'],
  ol: ['start', 'class'],
  input: ['type', 'checked', 'disabled', 'class'],
  img: ['src', 'alt', 'loading'],
};

/** Every way the HTML breaks the allow-list, parsed as a browser's tokenizer would read it. */
function violations(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!TAGS.has(name)) found.push(`tag <${name}>`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (!(ATTRIBUTES[name] ?? ['class']).includes(attr)) found.push(`attribute ${attr} on <${name}>`);
          if (/^on/i.test(attr)) found.push(`handler ${attr}`);
          if (/(java|vb)script:|data:/i.test(value.replace(/\s/g, ''))) found.push(`unsafe value ${value}`);
        }
        if (name === 'a') {
          if (attribs.href !== undefined && !/^(https?:\/\/|mailto:|\/(?!\/))/i.test(attribs.href)) {
            found.push(`href ${attribs.href}`);
          }
          if (attribs.rel !== 'nofollow ugc noopener') found.push(`rel ${attribs.rel}`);
          if (attribs.target !== '_blank') found.push(`target ${attribs.target}`);
        }
        if (name === 'img' && !MEDIA_SRC.test(attribs.src ?? '')) found.push(`img src ${attribs.src}`);
        if (name === 'input' && (attribs.type !== 'checkbox' || attribs.disabled === undefined)) {
          found.push('an enabled or non-checkbox input');
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** Writes a thread through the API and reads the stored HTML back from the database. */
async function cook(content: string) {
  const res = await call('POST', '/api/v1/forum/threads', member.cookie, {
    categoryId,
    title: 'Sanitizer case',
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.select().from(forumThreads).where(eq(forumThreads.id, res.json().id));
  expect(res.json().contentHtml).toBe(row!.contentHtml);
  return row!.contentHtml;
}

describe('stored XSS: every construct is cooked into allow-listed HTML', () => {
  it('the checker itself sees what it is for', () => {
    expect(violations('<a href="jav&#x09;ascript:x" onclick="y">x</a>')).toEqual([
      'unsafe value jav\tascript:x',
      'attribute onclick on <a>',
      'handler onclick',
      'href jav\tascript:x',
      'rel undefined',
      'target undefined',
    ]);
    expect(violations('<img src=x><svg></svg><p style="x">')).toEqual([
      'img src x',
      'tag <svg>',
      'attribute style on <p>',
    ]);
  });

  it.each([
    ['raw HTML', '<b onclick="x()">bold</b><div style="color:red">x</div>'],
    ['a script tag', '<script>alert(1)</script>'],
    ['a script in a paragraph', 'hi <script src=//evil.example/x.js></script> there'],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['a mixed-case javascript: link', '[click](JaVaScRiPt:alert(1))'],
    ['an entity-encoded javascript: link', '[click](&#106;avascript:alert(1))'],
    ['a tab-split javascript: link', '[click](java\tscript:alert(1))'],
    ['a vbscript: link', '[click](vbscript:msgbox(1))'],
    ['a data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['an image with onerror', '![x" onerror="alert(1)](https://example.com/x.png)'],
    ['a raw image with onerror', '<img src=x onerror=alert(1)>'],
    ['an image from a data URL', '![pixel](data:image/png;base64,iVBORw0KGgo=)'],
    ['an SVG', '<svg onload=alert(1)><script>alert(1)</script></svg>'],
    ['an SVG image', '![svg](https://example.com/x.svg)'],
    ['a reference link to javascript:', '[x][1]\n\n[1]: javascript:alert(1)'],
    ['an autolink to javascript:', '<javascript:alert(1)>'],
    ['a bare javascript: URL', 'javascript:alert(1)'],
    ['a link title with quotes', '[t](https://example.com "a\\" onmouseover=\\"alert(1)")'],
    ['a title with single quotes', "[t](https://example.com 'x' onclick='y')"],
    ['entity tricks', '&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;'],
    ['a code fence with HTML', '```html\n<script>alert(1)</script><img src=x onerror=alert(1)>\n```'],
    ['a code fence with a hostile language', '```"><script>alert(1)</script>\ncode\n```'],
    ['inline code with HTML', '`<img src=x onerror=alert(1)>`'],
    ['nested quotes', '> one\n>> two\n>>> <script>alert(1)</script>\n>>>> [x](javascript:alert(1))'],
    ['a table with HTML', '| <b>a</b> | b |\n|:-:|--|\n| <img src=x onerror=alert(1)> | [x](javascript:y) |'],
    ['a task list', '- [x] <input type="text" onfocus=alert(1)>\n- [ ] open'],
    ['a spoiler with HTML', '::: spoiler\n<iframe src="https://evil.example"></iframe>\n:::'],
    ['a protocol-relative link', '[x](//evil.example/path)'],
    ['a style attribute through a table alignment', '| a |\n|--:|\n| b |'],
  ])('%s', async (_, content) => {
    const html = await cook(content);
    expect(violations(html), html).toEqual([]);
    expect(html).not.toMatch(/<(script|img|svg|iframe|style)\b/i);
  });

  it('keeps what is safe: raw HTML as visible text, safe links with rel and target', async () => {
    const html = await cook('<b>bold</b> and https://example.com/a?b=1 and [home](/forum)');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain(
      '<a href="https://example.com/a?b=1" rel="nofollow ugc noopener" target="_blank">https://example.com/a?b=1</a>',
    );
    expect(html).toContain('<a href="/forum" rel="nofollow ugc noopener" target="_blank">home</a>');
  });

  it('a mention is a profile link within the list, and hostile text beside it stays text', async () => {
    const html = await cook(
      `@${member.username}<img src=x onerror=alert(1)> @${member.username}"onmouseover="alert(1) [x](javascript:@${member.username})`,
    );
    expect(violations(html), html).toEqual([]);
    expect(html).not.toMatch(/<(script|img|svg|iframe|style)\b/i);
    expect(html).toContain(
      `<a href="/profile/${member.id}" class="mention" rel="nofollow ugc noopener" target="_blank">@${member.username}</a>&lt;img`,
    );
  });

  it('never hot-links an image: a link showing its alt text', async () => {
    const html = await cook('![my screenshot](https://images.example/shot.png)');
    expect(html).toContain(
      '<a href="https://images.example/shot.png" class="md-image" rel="nofollow ugc noopener" target="_blank">Image: my screenshot</a>',
    );
  });
});

describe('images: only the ones we host are shown (decision 023)', () => {
  const id = '0b6f2c1e-8d4a-4c3b-9e7f-1a2b3c4d5e6f';

  it('shows an uploaded image from /media, with its alt text and lazy loading', async () => {
    const html = await cook(`![my screenshot](/media/${id}.webp) and ![](/media/${id}.png)`);
    expect(html).toContain(`<img src="/media/${id}.webp" alt="my screenshot" loading="lazy" />`);
    expect(html).toContain(`<img src="/media/${id}.png" alt="" loading="lazy" />`);
    expect(violations(html), html).toEqual([]);
  });

  it('an uploaded image whose alt text tries to break out of the attribute stays one attribute', async () => {
    const html = await cook(`![x" onerror="alert(1)](/media/${id}.webp)`);
    expect(violations(html), html).toEqual([]);
    expect(html).toContain(
      `<img src="/media/${id}.webp" alt="x&quot; onerror=&quot;alert(1)" loading="lazy" />`,
    );
  });

  it.each([
    ['an external image', '![x](https://images.example/x.png)'],
    ['an external image at a /media path', `![x](https://evil.example/media/${id}.webp)`],
    ['a protocol-relative /media image', `![x](//evil.example/media/${id}.webp)`],
    ['a data: image', '![x](data:image/png;base64,iVBORw0KGgo=)'],
    ['a data: SVG image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['a /media path with another extension', `![x](/media/${id}.svg)`],
    ['a /media path with a query', `![x](/media/${id}.webp?x=1)`],
    ['a /media path that climbs out', '![x](/media/../api/v1/me)'],
    ['a /media path in capitals', `![x](/MEDIA/${id}.WEBP)`],
    ['an image reference to an external address', '![x][1]\n\n[1]: https://images.example/x.png'],
    ['a raw <img> pointing at /media with a handler', `<img src="/media/${id}.webp" onerror="alert(1)">`],
  ])('%s is never an <img>', async (_, content) => {
    const html = await cook(content);
    expect(violations(html), html).toEqual([]);
    expect(html).not.toMatch(/<img\b/i);
  });

  it('the sanitizer itself drops an <img> that is not ours, and every attribute but src, alt and loading', () => {
    const clean = (html: string) => sanitizeHtml(html, allowList);
    expect(clean('<img src="https://evil.example/x.png">')).toBe('');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(clean(`<img src="//evil.example/media/${id}.webp">`)).toBe('');
    expect(
      clean(
        `<img src="/media/${id}.webp" onerror="alert(1)" style="x" srcset="https://evil.example/x.png 2x" width="9">`,
      ),
    ).toBe(`<img src="/media/${id}.webp" alt="" loading="lazy" />`);
  });
});

describe('Markdown features', () => {
  it('renders GFM tables, strikethrough, task lists, quotes, spoilers and highlighted code', async () => {
    const html = await cook(
      [
        '**bold** _italic_ ~~gone~~',
        '',
        '| name | value |',
        '|------|------:|',
        '| aim  | 1     |',
        '',
        '- [x] done',
        '- [ ] todo',
        '',
        '> quoted',
        '',
        '::: spoiler',
        'the ending',
        ':::',
        '',
        '```cpp',
        'int main() { return 0; }',
        '```',
      ].join('\n'),
    );
    expect(html).toContain('<strong>bold</strong> <em>italic</em> <s>gone</s>');
    expect(html).toContain('<th class="align-right">value</th>');
    expect(html).toContain('<input type="checkbox" disabled class="task-list-item-checkbox" checked />');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('<details class="spoiler"><summary>Spoiler</summary>');
    expect(html).toContain('<div class="code-lang">cpp</div>');
    expect(html).toContain('<code class="hljs language-cpp">');
    expect(html).toContain('<span class="hljs-keyword">return</span>');
    expect(html).not.toContain('style=');
  });

  it('a reply is cooked the same way', async () => {
    const thread = await buildForumThread(t, { userId: member.id, categoryId });
    const res = await call('POST', `/api/v1/forum/threads/${thread.id}/replies`, member.cookie, {
      content: '`x` <script>y</script>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(forumReplies).where(eq(forumReplies.id, res.json().id));
    expect(row!.content).toBe('`x` <script>y</script>');
    expect(row!.contentHtml).toBe('<p><code>x</code> &lt;script&gt;y&lt;/script&gt;</p>\n');
    expect(res.json().contentHtml).toBe(row!.contentHtml);
  });

  it('rows written before Markdown show their text as before, escaped (the migration expression)', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0008_forum_markdown_moderation.sql', import.meta.url),
      'utf8',
    );
    const expression = /UPDATE "forum_threads" SET "content_html" = (.*);--> statement-breakpoint/.exec(
      migration,
    )?.[1];
    expect(expression).toBeDefined();
    const old = 'Use <b>this</b> & "that"\n*not italic* \'quoted\'';
    const result = await t.db.execute(
      sql`select ${sql.raw(expression!)} as html from (values (${old}::text)) as v("content")`,
    );
    const [row] = (result as unknown as { rows: { html: string }[] }).rows;
    expect(row!.html).toBe(
      '<p>Use &lt;b&gt;this&lt;/b&gt; &amp; &quot;that&quot;<br>*not italic* &#39;quoted&#39;</p>',
    );
    expect(violations(row!.html)).toEqual([]);
  });
});

describe('POST /api/v1/forum/preview', () => {
  it('requires a session', async () => {
    const res = await call('POST', '/api/v1/forum/preview', undefined, { content: '**x**' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(m.loginToPreview);
  });

  it('refuses a body past the limit', async () => {
    const res = await call('POST', '/api/v1/forum/preview', member.cookie, { content: 'x'.repeat(10_001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.content).toBe(m.contentTooLong);
  });

  it('renders exactly what a thread would store, and stores nothing', async () => {
    const content = '# Title\n\n```lua\nprint("hi")\n```\n\n[x](javascript:alert(1))';
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(forumThreads);
    const res = await call('POST', '/api/v1/forum/preview', member.cookie, { content });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(forumThreads)).toEqual(before);
    expect(res.json().html).toBe(await cook(content));
    expect(res.json().html).toContain('<div class="code-lang">lua</div>');
  });
});
