import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { S3Driver } from 'flydrive/drivers/s3';
import type { WriteOptions } from 'flydrive/types';

/**
 * The size of each part but the last. S3 takes parts of 5 MiB and more, 10,000 at most: 8 MiB
 * parts carry a 2 GB video in 256 of them.
 */
export const PART_BYTES = 8 * 1024 ** 2;

/**
 * Writes a stream of unknown length into a bucket without holding it whole: a file shorter than a
 * part goes in one PutObject, a longer one as a multipart upload, one part sent while the next one
 * fills (at most two parts in memory). flydrive's own putStream sends the stream as one PutObject,
 * which S3 refuses without a Content-Length and the SDK cannot checksum without one. If the stream
 * fails (an upload over its cap, say), the parts sent are dropped and its error is thrown as is.
 */
export async function putInParts(
  client: S3Client,
  bucket: string,
  key: string,
  contents: Readable,
  contentType: string | undefined,
): Promise<void> {
  const target = { Bucket: bucket, Key: key };
  let uploadId: string | undefined;
  const parts: { ETag: string | undefined; PartNumber: number }[] = [];
  let sending: Promise<void> | undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  const take = () => {
    const body = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return body;
  };
  const sendPart = async (body: Buffer, PartNumber: number) => {
    uploadId ??= (
      await client.send(new CreateMultipartUploadCommand({ ...target, ContentType: contentType }))
    ).UploadId;
    const { ETag } = await client.send(
      new UploadPartCommand({
        ...target,
        UploadId: uploadId,
        PartNumber,
        Body: body,
        ContentLength: body.length,
      }),
    );
    parts.push({ ETag, PartNumber });
  };
  const flush = async () => {
    const body = take();
    await sending;
    sending = sendPart(body, parts.length + 1);
    // Awaited before the next part or at the end; until then its failure must not go unhandled.
    sending.catch(() => undefined);
  };

  try {
    for await (const chunk of contents) {
      pending.push(chunk as Buffer);
      pendingBytes += (chunk as Buffer).length;
      if (pendingBytes >= PART_BYTES) await flush();
    }
    if (!sending) {
      const body = take();
      await client.send(
        new PutObjectCommand({ ...target, Body: body, ContentLength: body.length, ContentType: contentType }),
      );
      return;
    }
    if (pendingBytes > 0) await flush();
    await sending;
    await client.send(
      new CompleteMultipartUploadCommand({
        ...target,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await sending?.catch(() => undefined);
    if (uploadId)
      await client
        .send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId }))
        .catch(() => undefined);
    throw error;
  }
}

/** flydrive's S3 driver writing streams in parts (putInParts); everything else is flydrive's. */
export class PartsS3Driver extends S3Driver {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(options: { client: S3Client; bucket: string; visibility: 'private' | 'public' }) {
    super(options);
    this.#client = options.client;
    this.#bucket = options.bucket;
  }

  override putStream(key: string, contents: Readable, options?: WriteOptions): Promise<void> {
    return putInParts(this.#client, this.#bucket, key, contents, options?.contentType);
  }
}
