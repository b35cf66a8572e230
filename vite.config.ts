import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  root: path.join(rootDir, 'web'),
  publicDir: path.join(rootDir, 'web/public'),
  plugins: [react(), tailwindcss(), precompress()],
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
  build: {
    outDir: path.join(rootDir, 'dist'),
    emptyOutDir: true,
    // Maps for error reports, without advertising them from the served scripts.
    sourcemap: 'hidden',
    // .vite/manifest.json: the server preloads the chunks of the page it serves (server/http/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // React and zod change less often than our code and every screen needs them: their own chunks
        // stay cached across releases. Other libraries go with the screens that use them, so the
        // landing page does not download the dashboard's.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](preact|react-router)[\\/]/, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
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
