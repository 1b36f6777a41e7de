import { type LinkCard, SITE_NAME } from './cards.ts';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text as an HTML attribute value or element text: every character that could close either is escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

/**
 * The card's tags for the document head: title, description, canonical URL, Open Graph and Twitter card.
 * Every value is the page's public data, escaped; absolute URLs use PUBLIC_URL, never the request's Host.
 */
export function renderHead(card: LinkCard, publicUrl: string): string {
  const url = `${publicUrl}${card.path}`;
  const title = card.title === SITE_NAME ? SITE_NAME : `${card.title} · ${SITE_NAME}`;
  const tags: [attr: 'name' | 'property', key: string, value: string][] = [
    ['name', 'description', card.description],
    ['property', 'og:site_name', SITE_NAME],
    [
      'property',
      'og:type',
      card.type === 'article' ? 'article' : card.type === 'profile' ? 'profile' : 'website',
    ],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', card.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
  ];
  if (card.image) {
    const image = `${publicUrl}${card.image}`;
    tags.push(
      ['property', 'og:image', image],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '630'],
      ['property', 'og:image:alt', card.title],
      ['name', 'twitter:image', image],
    );
  }
  (card.details ?? []).slice(0, 2).forEach(([label, value], i) => {
    tags.push(['name', `twitter:label${i + 1}`, label], ['name', `twitter:data${i + 1}`, value]);
  });
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

const defaultDescription = /<meta name="description"[^>]*>\s*/;
const defaultTitle = /<title>[^<]*<\/title>/;

/** Whether an index.html has the default description and title a card replaces (web/index.html does; a test pins it). */
export const carriesCard = (template: string) =>
  defaultDescription.test(template) && defaultTitle.test(template);

/** index.html with the card's head in place of its default title and description. */
export function withCard(template: string, head: string): string {
  return template.replace(defaultDescription, '').replace(defaultTitle, () => head);
}
