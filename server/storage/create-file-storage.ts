import path from 'node:path';
import type { Config } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** Chooses the storage driver from configuration (STORAGE_DRIVER). */
export function createFileStorage(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
    // config.ts already refuses STORAGE_DRIVER=s3 without these; this narrows the types.
    if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    return new S3Storage({
      bucket: S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ? config.S3_FORCE_PATH_STYLE === 'true' : Boolean(config.S3_ENDPOINT),
    });
  }
  return new LocalDiskStorage(path.join(config.DATA_DIR, 'files'));
}
