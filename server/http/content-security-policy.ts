import type { secureHeaders } from 'hono/secure-headers';

type ContentSecurityPolicy = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']
>;

/**
 * The only hosts a page of the app may frame: lesson content will embed videos from YouTube
 * (both its normal and its no-cookie player), Vimeo and Facebook. Add a host here, and only here,
 * when lessons embed another video service.
 */
export const EMBEDDED_VIDEO_HOSTS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.facebook.com',
];

/**
 * The Content-Security-Policy of every answer. The session token lives in IndexedDB, where any
 * script running in the page could read it, so only the app's own script files may run: no inline
 * script, no eval, no plugins, no <base> to redirect relative script URLs, and no framing of the
 * app by other sites.
 */
export const contentSecurityPolicy: ContentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine writes its theme's CSS variables and global classes into <style> elements it adds at
  // run time (MantineProvider), and AppShell, Grid and SimpleGrid render <style> elements for their
  // responsive sizes; blocking them leaves the app unstyled. A nonce cannot
  // cover them: index.html is a static file that the service worker precaches and serves offline,
  // so there is no per-answer nonce to give them. Style attributes set by React go through the
  // CSSOM, which style-src does not govern.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: for images inlined in CSS, blob: for the preview of a picture picked before upload.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // pdf.js draws PDFs in a module worker that the build bundles and the app serves itself.
  workerSrc: ["'self'"],
  // Lesson videos and audio play from the app's file route.
  mediaSrc: ["'self'"],
  manifestSrc: ["'self'"],
  // 'self' for a lesson's custom embed or interactive package: a document of the app's file route
  // framed with a sandbox that leaves it an opaque origin, so it reaches none of the app's storage.
  frameSrc: ["'self'", ...EMBEDDED_VIDEO_HOSTS],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
