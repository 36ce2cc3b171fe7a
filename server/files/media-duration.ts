import { PassThrough, type Readable } from 'node:stream';
import { parseStream } from 'music-metadata';

/**
 * Reads how long a video or audio lasts from its bytes as they stream past into the store, so the
 * file is read once: `source` is piped to the parser as well, and unpiped as soon as the parser has
 * what it needs (an MP4 that keeps its index first, a WAV's header) or gives up. Answers the
 * seconds, or undefined when the bytes do not say (the completion rule then needs no time).
 */
export function readDuration(
  source: Readable,
  mimeType: string,
): { duration: Promise<number | undefined>; stop(): void } {
  const sink = new PassThrough();
  const stop = () => {
    source.unpipe(sink);
    sink.destroy();
  };
  const duration = parseStream(sink, { mimeType }, { duration: true, skipCovers: true })
    .then(({ format }) =>
      format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0
        ? format.duration
        : undefined,
    )
    .catch(() => undefined)
    .finally(stop);
  source.pipe(sink);
  return { duration, stop };
}
