import { createMiddleware } from 'hono/factory';
import type { ApiErrorBody, FieldErrors } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { isStorableText } from '../../contract/validation.ts';
import type { AppEnv } from './app-env.ts';

/** The media types Hono's JSON validator reads as JSON. */
const JSON_TYPE = /^application\/([a-z-.]+\+)?json/i;

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every string of a JSON value (names of fields too) that the database cannot store, keyed by its
 * dotted path as the 422 body keys fields (`answers.0.text`; a bad name counts against the object
 * holding it, `root` for the body itself). Walked with a list rather than by recursion, so a body
 * nested a hundred thousand deep is read like any other.
 */
export function unstorableFields(body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const refuse = (path: string) => {
    errors[path || 'root'] = messages.invalidCharacters;
  };
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
    if (typeof value === 'string') {
      if (!isStorableText(value)) refuse(path);
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) pending.push({ value: item, path: at(index) });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) refuse(path);
        else pending.push({ value: item, path: at(key) });
      }
    }
  }
  return errors;
}

/**
 * Text the API takes is valid Unicode the database can store, whatever route takes it: a JSON body
 * holding a lone UTF-16 surrogate (`"a\ud800b"`, which jsonb refuses) or a NUL anywhere is answered
 * 422 naming each such field with `messages.invalidCharacters`, before any route code runs. The
 * body is read through Hono's cache, so the route reads the same text again.
 *
 * Only JSON can carry a lone surrogate: a query string and form fields are bytes decoded as UTF-8,
 * where a broken sequence becomes U+FFFD, so they need no such pass; a NUL in them meets each
 * field's own `noNul`, and a list's `search` drops one (contract/list-query.ts). `skip` names the
 * requests whose bodies stream to their routes unread (file uploads, which are multipart anyway)
 * and those that take no input, such as signing out.
 */
export function storableText(skip: (method: string, path: string, contentType?: string) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { method, path } = c.req;
    const contentType = c.req.header('content-type') ?? '';
    if (BODYLESS.has(method) || skip(method, path, contentType) || !JSON_TYPE.test(contentType))
      return next();
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      // The route answers a body that does not parse, in its own words.
      return next();
    }
    const errors = unstorableFields(body);
    if (Object.keys(errors).length === 0) return next();
    return c.json({ message: messages.validationFailed, errors } satisfies ApiErrorBody, 422);
  });
}
