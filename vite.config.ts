import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions } from 'vite';
import { precompress } from './web/precompress.ts';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
/** Every way our code and our libraries reach React, pointed at preact/compat. */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** Where, inside the web app's build, the server's renderer of the public pages goes (not served). */
export const SSR_DIR = '.ssr';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** The browser app's build. */
const clientBuild: BuildEnvironmentOptions = {
  outDir: path.join(rootDir, 'dist'),
  emptyOutDir: true,
  // Maps for error reports, without advertising them from the served scripts.
  sourcemap: 'hidden',
  // .vite/manifest.json: the server preloads the chunks of the page it serves (server/http/page-preloads.ts).
  manifest: true,
  rolldownOptions: {
    output: {
      // The framework (Preact, React Router, TanStack Query) and zod change less often than our code
      // and every screen needs them: their own chunks stay cached across releases. TanStack Query
      // with the rest: every first page loads it, and on its own it came as two more requests (one
      // of 38 bytes). Other libraries go with the screens that use them, so the landing page does
      // not download the dashboard's.
      codeSplitting: {
        groups: [
          { name: 'framework', test: /node_modules[\\/](preact|react-router|@tanstack)[\\/]|rolldown[\\/]runtime|vite[\\/]preload-helper/, priority: 3 },
          { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
        ],
      },
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  root: path.join(rootDir, 'web'),
  publicDir: path.join(rootDir, 'web/public'),
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.join(rootDir, 'shared') },
      { find: '@web', replacement: path.join(rootDir, 'web') },
      // The build runs React's API on Preact's runtime (decision record 0014): about 9 KB of runtime
      // instead of 66 KB, so the first pages fit their budgets (issue 14, item 4). `npm run dev` keeps
      // React for its fast refresh; the tests run the build. Types come from @types/react.
      ...(command === 'build' ? PREACT_ALIASES : []),
    ],
  },
  // The server's copy of the public pages (web/prerender.tsx, `vite build --ssr`): one file with
  // everything it needs, so the server resolves nothing (Preact aliases included) at run time.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: isSsrBuild
    ? {
        outDir: path.join(rootDir, 'dist', SSR_DIR),
        emptyOutDir: false,
        sourcemap: false,
        copyPublicDir: false,
        rolldownOptions: {
          // react-router reaches for React 19's useOptimistic, which Preact lacks; the server's
          // render never calls it (only <Form> navigations do).
          onLog(level, log, handler) {
            if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
            handler(level, log);
          },
        },
      }
    : clientBuild,
  server: {
    proxy: {
      '/api': {
        target: apiTarget,
        ws: true,
        changeOrigin: true,
        // The server refuses writes and sockets from a foreign Origin. In development the page
        // comes from Vite's port, so present the API's own origin (dev only; production is one origin).
        configure(proxy) {
          proxy.on('proxyReq', (request) => {
            if (request.getHeader('origin')) request.setHeader('origin', apiTarget);
          });
          proxy.on('proxyReqWs', (request) => {
            if (request.getHeader('origin')) request.setHeader('origin', apiTarget);
          });
        },
      },
    },
  },
}));
