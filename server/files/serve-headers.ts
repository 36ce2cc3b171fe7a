import type { ByteRange } from './store.ts';

/** Audio, video and PDF: what the app plays or draws itself, never a document that runs script. */
export function isMedia(type: string): boolean {
  return /^(audio|video)\//.test(type) || type === 'application/pdf';
}

/** Raster images show inline too; an SVG is a document that can run script, so it downloads. */
export function showsInline(type: string): boolean {
  return isMedia(type) || (/^image\//.test(type) && type !== 'image/svg+xml');
}

/**
 * A file's name as it is served and saved: no control characters (a header cannot carry them), no
 * folders, and no surrounding spaces or trailing dots, which Windows drops when it saves the file
 * (`run.bat.` is saved as `run.bat`). Uploads are stored under this name and checked by its
 * extension, so the name checked is the name served.
 */
export function servedName(name: string): string {
  const clean = [...name].filter((character) => character >= ' ' && character !== '\u007f').join('');
  return (clean.split(/[/\\]/).pop() ?? '').replace(/[\s.]+$/u, '').trim();
}

/**
 * Content-Disposition with the signed download name: an ASCII fallback in `filename` and the name
 * itself, percent-encoded, in `filename*` (RFC 6266), neither able to break out of the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string | undefined): string {
  const clean = servedName(name ?? '');
  if (!clean) return kind;
  const fallback = clean.replace(/[^\u0020-\u007e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Whether an If-None-Match or If-Range value names `etag`. If-None-Match compares weakly (a `W/`
 * tag matches too) and takes `*`; If-Range compares strongly.
 */
export function tagMatches(header: string | undefined, etag: string, comparison: 'weak' | 'strong'): boolean {
  if (header === undefined) return false;
  if (comparison === 'strong') return header.trim() === etag;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

/**
 * One `bytes=` range of a file of `size` bytes: `a-b`, `a-` or `-n` (the last n bytes), the end
 * cut to the file's. `whole` for what is not one range (several, or not a range at all): the whole
 * file answers those. `unsatisfiable` when the range starts past the end (416).
 */
export function parseRange(header: string, size: number): ByteRange | 'whole' | 'unsatisfiable' {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return 'whole';
  if (start >= size) return 'unsatisfiable';
  if (end < start) return 'whole';
  return { start, end: Math.min(end, size - 1) };
}
