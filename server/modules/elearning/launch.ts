/** Where hrefs are resolved: a base no package can name, so an absolute href stays visible as one. */
const PACKAGE_TOP = 'http://package.invalid/';

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * A resource's href resolved against the xml:base of the manifest, its resources and itself, as a
 * path from the package's top, decoded (`a b/é.html` whether the manifest wrote `a%20b/%C3%A9.html`
 * or the raw characters), with its query string and fragment as written. An href to another site
 * is kept whole: no file of the package answers it, so the import refuses it by name.
 */
export function resolveHref(bases: (string | undefined)[], href: string): string {
  let url: URL;
  try {
    url = new URL(PACKAGE_TOP);
    for (const base of bases) if (base) url = new URL(base, url);
    url = new URL(href, url);
  } catch {
    return href;
  }
  if (url.origin !== new URL(PACKAGE_TOP).origin) return href;
  const path = url.pathname.slice(1).split('/').map(decodeSegment).join('/');
  return `${path}${url.search}${url.hash}`;
}

/**
 * The launch of an item: its resource's href with the item's `parameters` merged in, as the SCORM
 * content packaging spec says (CAM 3.4.1.7): leading '?' and '&' dropped; a fragment added only
 * when the href has none; otherwise joined with '&' to the href's query string, or after '?'.
 */
export function launchOf(href: string, parameters: string | undefined): string {
  const extra = (parameters ?? '').replace(/^[?&]+/, '');
  if (extra === '') return href;
  if (extra.startsWith('#')) return href.includes('#') ? href : `${href}${extra}`;
  const hashAt = href.indexOf('#');
  const [main, hash] = hashAt === -1 ? [href, ''] : [href.slice(0, hashAt), href.slice(hashAt)];
  return `${main}${main.includes('?') ? '&' : '?'}${extra}${hash}`;
}

/** The file a launch opens: its path, without query string or fragment. */
export const launchFile = (launch: string) => launch.replace(/[?#].*$/s, '');
