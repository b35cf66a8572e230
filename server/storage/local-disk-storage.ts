import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FileStorage } from './file-storage.ts';

/**
 * Files under one root directory (DATA_DIR/files), outside the web app's static folder. A file is
 * written to "<key>.partial", flushed to disk and renamed into place, so a reader never sees half
 * a file. A failed write removes its partial file at once; a crash leaves it, and delete(key)
 * (called by the storage sweeper for the upload's intent) removes it after restart.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // One writer per key (keys are unique in storage_intents), so the partial name can be fixed,
    // which lets delete(key) find what a crashed write left. 'wx' refuses a stale one loudly.
    const partial = `${target}.partial`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(target));
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const file = this.pathOf(key);
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(`${file}.partial`, { force: true });
  }
}

/** The rename is durable only once the directory entry is on disk (a power cut, not just a crash). */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the file itself is already flushed.
  } finally {
    await handle.close();
  }
}
