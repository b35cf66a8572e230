import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), as far as preloading needs it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The screen each first-visit page lazily loads, by its source under web/ (the manifest's key). The
 * router would find it only after the main script ran; the server names it in the page instead, so
 * the browser fetches it alongside (issue 14, item 4).
 */
export const PAGE_SCREENS = {
  auth: 'features/auth/components/auth-page.tsx',
  job: 'features/job-detail/components/job-detail-page.tsx',
} as const;
export type PageScreen = keyof typeof PAGE_SCREENS;

/** The files a chunk needs before it runs: itself and, recursively, its static imports. */
function chunkFiles(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/**
 * `<link rel="modulepreload">` tags for each page screen, less what index.html already loads. Empty
 * when the build has no manifest (an older build still works, only without the preloads).
 */
export function pagePreloads(distDir: string): Record<PageScreen, string> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const none = { auth: '', job: '' };
  if (!existsSync(manifestFile)) return none;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const alreadyLoaded = chunkFiles(manifest, 'index.html', new Set());
  const tags = (screen: PageScreen) =>
    [...chunkFiles(manifest, PAGE_SCREENS[screen], new Set())]
      .filter((file) => !alreadyLoaded.has(file) && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  return { auth: tags('auth'), job: tags('job') };
}

/** The page with the tags added at the end of its head. */
export function withPreloads(html: string, tags: string): string {
  return tags ? html.replace(/<\/head>/i, () => `${tags}</head>`) : html;
}
