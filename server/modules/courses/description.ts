import filterXSS, { type IFilterXSSOptions } from 'xss';

/** Tags a description keeps, each with the attributes it may carry; every other tag goes, its text stays. */
const allowed: Record<string, string[]> = {
  p: [],
  br: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  h3: [],
  h4: [],
  a: ['href'],
};

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * Course descriptions are formatted text that learners' browsers render as HTML, so they are
 * cleaned once, on the way in: only harmless formatting tags, no attributes but a link's address,
 * and only http(s) and mailto links, which open in a new tab without handing it this page.
 */
const options: IFilterXSSOptions = {
  whiteList: allowed,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript'],
  allowCommentTag: false,
  onTagAttr: (tag, name, value) => {
    if (tag !== 'a' || name !== 'href') return '';
    const link = value.trim();
    return SAFE_LINK.test(link)
      ? `href="${link.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`
      : '';
  },
};

/** The description as it is stored: cleaned, each kept link opening in a new tab. */
export function sanitizeDescription(html: string): string {
  return filterXSS(html, options)
    .replace(/<a href="([^"]*)">/g, '<a href="$1" rel="noopener noreferrer" target="_blank">')
    .trim();
}
