import type { Readable } from 'node:stream';
import type * as ClientModule from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Unset: AWS S3 itself. Set: any S3-compatible service (MinIO, Ceph, R2, s3rver in tests). */
  endpoint?: string;
  forcePathStyle: boolean;
}

/** Parts of a multipart upload: S3's minimum; a 10 MB document is two parts. */
const PART_SIZE = 5 * 1024 * 1024;

type Connected = { sdk: typeof ClientModule; Upload: typeof Upload; client: S3Client };

/**
 * An S3-compatible bucket. Uploads stream through @aws-sdk/lib-storage: a body up to 5 MB is one
 * PutObject, a larger one a multipart upload that becomes visible only when completed, and is
 * aborted if the body stream fails. So a reader never sees half an object under a key.
 *
 * The SDK is loaded on first use: importing it takes about half a second, which a server on local
 * disk should not pay at every start.
 */
export class S3Storage implements FileStorage {
  private readonly config: S3ClientConfig;
  private connected: Promise<Connected> | undefined;
  private readonly bucket: string;
  /** s3rver and some small S3 clones have no ListMultipartUploads; stop asking after the first no. */
  private listsMultipartUploads = true;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const config: S3ClientConfig = {
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      forcePathStyle: options.forcePathStyle,
      // A stalled connection fails the request instead of hanging an upload or a download.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    };
    if (options.endpoint) {
      config.endpoint = options.endpoint;
      // Services other than AWS often reject the flexible checksums newer SDKs send by default;
      // send them only where an operation requires one.
      config.requestChecksumCalculation = 'WHEN_REQUIRED';
      config.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    this.config = config;
  }

  private connect(): Promise<Connected> {
    this.connected ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([sdk, { Upload }]) => ({
      sdk,
      Upload,
      client: new sdk.S3Client(this.config),
    }));
    return this.connected;
  }

  async put(key: string, body: Readable, options: { contentType: string }): Promise<void> {
    assertSafeKey(key);
    const { client, Upload } = await this.connect();
    const upload = new Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // When the body failed (too large, not a PDF, client gone), that is the error worth
      // reporting, not a follow-up failure of aborting the multipart upload.
      throw body.errored ?? error;
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    try {
      const result = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!result.Body) return null;
      return { body: result.Body as Readable, size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const connected = await this.connect();
    await connected.client.send(new connected.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    await this.abortUnfinishedUploads(connected, key);
  }

  /** A server killed mid-upload leaves an unfinished multipart upload (invisible, but stored and billed). */
  private async abortUnfinishedUploads({ client, sdk }: Connected, key: string): Promise<void> {
    if (!this.listsMultipartUploads) return;
    try {
      const listed = await client.send(new sdk.ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: key }));
      for (const upload of listed.Uploads ?? []) {
        if (upload.Key !== key || !upload.UploadId) continue;
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.UploadId })).catch((error: unknown) => {
          if (!isNotFound(error)) throw error;
        });
      }
    } catch (error) {
      if (!isNotImplemented(error)) throw error;
      // Rely on the bucket's lifecycle rule (AbortIncompleteMultipartUpload) there instead.
      this.listsMultipartUploads = false;
    }
  }

  async close(): Promise<void> {
    if (!this.connected) return;
    const { client } = await this.connected;
    client.destroy();
  }
}

function errorStatus(error: unknown): { name: string; status: number | undefined } {
  const { name, $metadata } = (error ?? {}) as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return { name: typeof name === 'string' ? name : '', status: $metadata?.httpStatusCode };
}

function isNotFound(error: unknown): boolean {
  const { name, status } = errorStatus(error);
  return name === 'NoSuchKey' || name === 'NoSuchUpload' || name === 'NotFound' || status === 404;
}

function isNotImplemented(error: unknown): boolean {
  const { name, status } = errorStatus(error);
  return name === 'NotImplemented' || name === 'MethodNotAllowed' || status === 501 || status === 405;
}
