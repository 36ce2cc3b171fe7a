import { PassThrough, type Readable } from 'node:stream';
import { type IAudioMetadata, parseFile, parseStream } from 'music-metadata';

const OPTIONS = { duration: true, skipCovers: true };

/** The seconds the metadata says, or undefined when it says none or something that is no length. */
const secondsOf = ({ format }: IAudioMetadata) =>
  format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0
    ? format.duration
    : undefined;

/**
 * Reads how long a video or audio lasts from its bytes as they stream past into the store, so the
 * file is read once: `source` is piped to the parser as well, and unpiped as soon as the parser has
 * what it needs (an MP4 that keeps its index first, a WAV's header) or gives up. Answers the
 * seconds, or undefined when the bytes do not say (the completion rule then needs no time).
 *
 * Every chunk then goes through the parser's stream too, and an MP4 that keeps its index last (as
 * cameras write them) is read to its end that way: for a store on disk, readFileDuration reads the
 * stored file instead.
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
  const duration = parseStream(sink, { mimeType }, OPTIONS)
    .then(secondsOf)
    .catch(() => undefined)
    .finally(stop);
  source.pipe(sink);
  return { duration, stop };
}

/**
 * How long a stored video or audio lasts, read from the file on disk where the parser reads what it
 * needs at random: an MP4's index whether it comes first or after gigabytes of media, a few reads.
 * The parser is chosen by the path's extension (the store names a file by the type read from its
 * bytes), then by the bytes. Undefined when the bytes do not say.
 */
export function readFileDuration(path: string): Promise<number | undefined> {
  return parseFile(path, OPTIONS)
    .then(secondsOf)
    .catch(() => undefined);
}
