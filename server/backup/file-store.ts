import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { FILES_DIR, sha256OfFile, STORAGE_KEY, type FileEntry } from './manifest.ts';

/**
 * The local file store (DATA_DIR/files) in a backup: each stored file copied under its key, listed
 * in the manifest with its size and sha256. Partial files of uploads in flight (".partial", see
 * local-disk-storage.ts) are never part of the store and are left out.
 */
export async function listStoredFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(relative: string): Promise<void> {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      // Only what the app writes: a key assertSafeKey allows (not a partial, not a stray file).
      else if (entry.isFile() && !entry.name.endsWith('.partial') && STORAGE_KEY.test(child)) found.push(child);
    }
  }
  await walk('');
  return found.sort();
}

/** Copies the store into backupDir/files; answers the manifest entries (paths relative to backupDir). */
export async function copyFilesOut(root: string, backupDir: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const key of await listStoredFiles(root)) {
    const target = path.join(backupDir, FILES_DIR, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await copyFile(path.join(root, ...key.split('/')), target);
    } catch (error) {
      // Deleted between the listing and the copy (a replaced document): the database dump, taken
      // before, may name it, but a file deleted now was already on its way out. Skip it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    entries.push({ path: `${FILES_DIR}/${key}`, ...(await sha256OfFile(target)) });
  }
  return entries;
}

/** True when the directory exists and holds anything. */
export async function hasEntries(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length > 0;
}

/** Copies the backup's files into a staging directory next to the store, to be swapped in at the end. */
export async function stageFiles(backupDir: string, entries: FileEntry[], stagingDir: string): Promise<void> {
  await rm(stagingDir, { recursive: true, force: true });
  await mkdir(stagingDir, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const key = entry.path.slice(FILES_DIR.length + 1);
    const target = path.join(stagingDir, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await copyFile(path.join(backupDir, ...entry.path.split('/')), target);
  }
}

/**
 * Moves `staged` to `target`. What was at `target` (only with --force) is kept beside it as
 * "<target>.replaced-<time>", never deleted: a restore is undone by moving it back.
 */
export async function swapIn(staged: string, target: string, stamp: string): Promise<string | null> {
  let keptAs: string | null = null;
  if (!(await hasEntries(target))) await rm(target, { recursive: true, force: true });
  else {
    keptAs = `${target}.replaced-${stamp}`;
    await rename(target, keptAs);
  }
  await rename(staged, target);
  return keptAs;
}
