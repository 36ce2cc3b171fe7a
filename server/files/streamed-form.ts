import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { messages } from '../../contract/messages.ts';
import { ApiError } from '../http/errors.ts';

/** What a form does with its parts as they arrive; a handler throws (or rejects) to refuse the form. */
export type StreamedFormParts = {
  /** Busboy's limits, with room for one more of each, so a form past them is refused by `tooMany`. */
  limits: busboy.Limits;
  /** A text part; `truncated` when it passed `limits.fieldSize`. */
  field: (name: string, value: string, truncated: boolean) => void;
  /** A file part: read `stream` to its end, or throw and it is drained. */
  file: (name: string, stream: Readable, filename: string | undefined) => Promise<void> | void;
  /** The refusal of a form with more parts, text parts or files than its limits. */
  tooMany: () => unknown;
};

/**
 * A request's body as a Node stream. Served by Node, the socket's own stream while nothing has
 * read it yet: the request's web stream copies every chunk on its way and is turned back into a
 * Node stream here, which for a package of 100 MB costs a tenth of its import. Otherwise (a
 * request made in memory, or one whose body was read), the request's body; none without one.
 */
export function nodeBody(raw: Request, incoming: IncomingMessage | undefined): Readable | undefined {
  if (incoming && incoming.readableFlowing === null && !incoming.readableDidRead) return incoming;
  return raw.body ? Readable.fromWeb(raw.body as never) : undefined;
}

/**
 * Reads a multipart body as it streams, handing each part to `parts` in order: text parts as they
 * come, each file as it starts (its handler may store it, reading it as it arrives). Resolves once
 * every part was read and every file's handler finished; rejects with the first refusal, after the
 * file being written has seen its stream end, so the caller may delete what was stored. A body
 * that is no multipart form is 400 malformed form.
 */
export function readStreamedForm(
  body: Request | Readable,
  contentType: string,
  parts: StreamedFormParts,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: parts.limits });
    } catch {
      reject(new ApiError(400, messages.malformedForm));
      return;
    }
    const source = body instanceof Readable ? body : Readable.fromWeb(body.body as never);
    let failed = false;
    let pending: Promise<void> = Promise.resolve();

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      // The file part being read, if any, fails: its handler stops writing and deletes what it wrote.
      parser.destroy();
      pending.finally(() => reject(error));
    };

    parser.on('field', (name, value, info) => {
      if (failed) return;
      try {
        parts.field(name, value, info.valueTruncated);
      } catch (error) {
        fail(error);
      }
    });
    parser.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      const write = (async () => parts.file(name, stream, info.filename))().catch((error: unknown) => {
        stream.resume();
        fail(error);
      });
      pending = pending.then(() => write);
    });
    const tooMany = () => fail(parts.tooMany());
    parser.on('filesLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    source.on('error', () => fail(new ApiError(400, messages.malformedForm)));
    parser.on('close', () => {
      pending.then(() => {
        if (failed) return;
        failed = true;
        resolve();
      });
    });
    source.pipe(parser);
  });
}
