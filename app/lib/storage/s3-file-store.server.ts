import { type Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertValidKey,
  type ByteRange,
  type DownloadSource,
  type FileStore,
  keyFor,
  type ObjectName,
  type StoredObject,
} from "#app/lib/storage/file-store.ts";

interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Files in S3-compatible object storage; large files go up as a multipart upload, downloads by presigned URL. */
export class S3FileStore implements FileStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(body: Readable, name: ObjectName) {
    const key = keyFor(name);
    let size = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    body.once("error", (error) => counting.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body.pipe(counting), ContentType: "application/zip" },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      await this.delete(key).catch(() => {});
      throw error;
    }
    return { key, size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return object.Body as Readable;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return null;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix = ""): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key)
          objects.push({
            key: item.Key,
            size: item.Size ?? 0,
            lastModified: item.LastModified ?? new Date(0),
          });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects.sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime());
  }

  /**
   * Nothing to remove here: an interrupted upload leaves no object (a failed one is aborted, its
   * parts removed); the parts of one whose process was killed are removed by the bucket's
   * AbortIncompleteMultipartUpload lifecycle rule (README).
   */
  async removeLeftovers() {
    return { count: 0, bytes: 0 };
  }

  /** A presigned GET: the client downloads straight from the bucket, saved under `fileName`. */
  async downloadSource(key: string, opts: { expiresIn: number; fileName: string }): Promise<DownloadSource> {
    assertValidKey(key);
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${opts.fileName}"`,
        ResponseContentType: "application/zip",
      }),
      { expiresIn: opts.expiresIn },
    );
    return { url };
  }
}
