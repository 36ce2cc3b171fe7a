/** The video hosts a lesson links to, and the player each offers to other pages. */
export type HostedVideoType = 'youtube' | 'vimeo' | 'facebook';

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
const YOUTUBE_ID = /^[\w-]{11}$/;

/** youtube.com/watch?v=…, youtu.be/…, youtube.com/embed|shorts|live/…: the video's id. */
export function youtubeId(url: string): string | null {
  const parsed = parse(url);
  if (!parsed) return null;
  const host = hostOf(parsed);
  const parts = parsed.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = parsed.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123: the number, and a private link's hash. */
export function vimeoId(url: string): { id: string; hash: string | null } | null {
  const parsed = parse(url);
  if (!parsed) return null;
  const host = hostOf(parsed);
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const parts = parsed.pathname.split('/').filter(Boolean);
  const at = parts.findIndex((part) => /^\d+$/.test(part));
  if (at < 0) return null;
  const next = parts[at + 1];
  const hash = parsed.searchParams.get('h') ?? (next && /^[\da-f]+$/i.test(next) ? next : null);
  return { id: parts[at] as string, hash };
}

/** A Facebook video's page: facebook.com/…/videos/…, facebook.com/watch?v=…, fb.watch/…. */
export function isFacebookVideo(url: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  const host = hostOf(parsed);
  if (host === 'fb.watch') return parsed.pathname.length > 1;
  if (host !== 'facebook.com') return false;
  return (
    /\/videos?\//.test(parsed.pathname) ||
    (parsed.pathname.startsWith('/watch') && parsed.searchParams.has('v')) ||
    parsed.pathname.startsWith('/reel/')
  );
}

/**
 * The address of the host's own player for a video page's address, or null when the address is
 * not a video of that host. YouTube plays from its no-cookie domain.
 */
export function videoEmbedUrl(type: HostedVideoType, url: string): string | null {
  if (type === 'youtube') {
    const id = youtubeId(url);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (type === 'vimeo') {
    const video = vimeoId(url);
    if (!video) return null;
    return `https://player.vimeo.com/video/${video.id}${video.hash ? `?h=${video.hash}` : ''}`;
  }
  if (!isFacebookVideo(url)) return null;
  const href = encodeURIComponent(url.trim());
  return `https://www.facebook.com/plugins/video.php?href=${href}&show_text=false`;
}
