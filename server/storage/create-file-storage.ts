import path from 'node:path';
import type { Config } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';

/** Chooses the storage driver from configuration (STORAGE_DRIVER). */
export function createFileStorage(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') throw new Error('STORAGE_DRIVER=s3 is not built yet');
  return new LocalDiskStorage(path.join(config.DATA_DIR, 'files'));
}
