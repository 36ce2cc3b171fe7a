import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { API_BASE } from '../../contract/paths.ts';
import type { Config } from '../env.ts';
import type { AppEnv } from './app-env.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { HASHED_ASSETS } from './static.ts';

/**
 * The build's hashed scripts, styles and images are never documents: a Content-Security-Policy,
 * X-Frame-Options, a referrer or opener policy on them governs nothing (a module script runs under
 * its page's policy, a worker under its own script's, and sw.js is not under /assets/). Over
 * HTTP/1.1 those headers are not compressed: about 0.8 KB on each of the first load's answers.
 * What does apply to a subresource stays: nosniff (a script or style served with another type is
 * refused) and Cross-Origin-Resource-Policy (other sites may not load them).
 */
const assetAnswer = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * Secure headers by kind of answer: all of them, or the two that matter on a hashed asset. A route
 * that sets a Content-Security-Policy of its own (a stored file's `sandbox`) keeps it beside the
 * app's: a browser enforces both.
 */
/**
 * A lesson's embed document (server/modules/lessons/embed.ts) brings its own policy, a sandbox
 * without allow-same-origin that runs it in an opaque origin: the app's policy would stop the
 * embed's scripts, and Cross-Origin-Resource-Policy its files, requested from that origin.
 */
const embedAnswer = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
});
const EMBED_PATHS = `${API_BASE}/lesson/embed/`;

export function securityHeaders(config: Pick<Config, 'contentOrigin'>): MiddlewareHandler<AppEnv> {
  /**
   * Documents, the service worker, the API and every other answer: the policy and all the secure
   * headers. The player frames e-learning packages' launcher from the content origin (record 028).
   */
  const everyAnswer = secureHeaders({
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      ...contentSecurityPolicy,
      frameSrc: [...(contentSecurityPolicy.frameSrc ?? []), config.contentOrigin],
    },
  });
  return async (c, next) => {
    if (c.req.path.startsWith(HASHED_ASSETS)) return assetAnswer(c, next);
    if (c.req.path.startsWith(EMBED_PATHS)) return embedAnswer(c, next);
    let own: string | null = null;
    await everyAnswer(c, async () => {
      await next();
      own = c.res.headers.get('Content-Security-Policy');
    });
    if (own) c.res.headers.append('Content-Security-Policy', own);
  };
}
