import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, FieldErrors } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import type { Logger } from './app-env.ts';

/** An answer a handler chooses to give as an error, with a message the client may show. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/**
 * What `load` found, or the API's 404 when it found nothing: every "load the record or 404" of a
 * route is this.
 *
 *   const results = await foundOr404(teamDetail(db, id));
 */
export async function foundOr404<T>(load: Promise<T | undefined | null>): Promise<T> {
  const found = await load;
  if (found === undefined || found === null) throw new ApiError(404, messages.notFound);
  return found;
}

function bodyOf(error: ApiError): ApiErrorBody {
  return error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
}

/** Turns anything thrown into the API's JSON error shape; internals only ever reach the log. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError) return c.json(bodyOf(error), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's JSON validator throws a 400 "Malformed JSON in request body" for a body that does not parse.
      const message =
        error.status === 413
          ? messages.payloadTooLarge
          : /malformed json/i.test(error.message)
            ? messages.malformedJson
            : error.message || messages.somethingWentWrong;
      return c.json({ message } satisfies ApiErrorBody, error.status);
    }
    logger.error(`${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ message: messages.internalServerError } satisfies ApiErrorBody, 500);
  };
}
