import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './web/precompress.ts';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: path.join(rootDir, 'web'),
  publicDir: path.join(rootDir, 'web/public'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@shared': path.join(rootDir, 'shared'),
      '@web': path.join(rootDir, 'web'),
    },
  },
  build: {
    outDir: path.join(rootDir, 'dist'),
    emptyOutDir: true,
    // Maps for error reports, without advertising them from the served scripts.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // React and zod change less often than our code and every screen needs them: their own chunks
        // stay cached across releases. Other libraries go with the screens that use them, so the
        // landing page does not download the dashboard's.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
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
});
