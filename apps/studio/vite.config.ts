import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Cross-origin isolation, so that SharedArrayBuffer exists and workers share memory with the page. */
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * `vite build --mode static` (`pnpm build:static`): files for static hosting without headers (GitHub Pages, game
 * portals): relative asset paths, as the site may live under a sub-path. Such a page is not cross-origin isolated:
 * the worker service then computes in workers by transfer (no service worker or header trick needed).
 */
export default defineConfig(({ mode }) => ({
  base: mode === 'static' ? './' : '/',
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, headers: isolation },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, headers: isolation },
  worker: { format: 'es' },
  // The core package starts its workers with `new URL('./worker.js', import.meta.url)`; pre-bundling would
  // move the module away from its worker file.
  optimizeDeps: { exclude: ['@fieldmarshal/core'] },
  // The largest chunk is the Bench page's worker (about 500 kB: the core's kernels and the bench scenarios).
  build: { target: 'es2022', chunkSizeWarningLimit: 600 },
}));
