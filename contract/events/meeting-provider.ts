import type { MeetingProvider } from './model.ts';

/** A host and its subdomains (`us02web.zoom.us` is Zoom's). */
const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * The provider of a meeting link, from its host: Zoom (zoom.us and its subdomains), Teams
 * (teams.microsoft.com, teams.live.com), Meet (meet.google.com), Webex (webex.com and its
 * subdomains); any other https host is `other`. The server sets it; a client never sends it.
 */
export function meetingProvider(url: string): MeetingProvider {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  if (under(host, 'zoom.us')) return 'zoom';
  if (host === 'teams.microsoft.com' || host === 'teams.live.com') return 'teams';
  if (host === 'meet.google.com') return 'meet';
  if (under(host, 'webex.com')) return 'webex';
  return 'other';
}
