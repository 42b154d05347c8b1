import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The gateway `npm start` runs; `npm run dev` proxies every server path to it. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The schema package is TypeScript in this repository: use its sources, no build needed for dev.
    alias: { '@blocksmith/schema': fileURLToPath(new URL('../schema/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: gateway, ws: true, changeOrigin: true },
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
      '/files': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries the app shell and the builder load before they draw, as two files:
            // split into the many small chunks the pages happen to share, they compress worse and
            // cost more requests. Libraries of one page only (charts, Markdown, Google sign-in) and
            // the icons stay with the pages that use them.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@blueprintjs[\\/]core|@floating-ui|react-transition-group|dom-helpers|mobx|mobx-react-lite|react-router|react-router-dom|@apollo|graphql|graphql-ws|rxjs|optimism|@wry|tslib|classnames)[\\/]/,
            },
            {
              name: 'canvas',
              test: /[\\/]node_modules[\\/](@xyflow|d3-(?:selection|transition|zoom|drag|dispatch|ease|timer|color|interpolate)|zustand|use-sync-external-store|classcat)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
