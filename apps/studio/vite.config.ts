import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Cross-origin isolation, so that SharedArrayBuffer exists and workers share memory with the page. */
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * `vite build --mode static` (`pnpm build:static`): files for static hosting without headers (GitHub Pages).
 * Relative asset paths (the site may live under a sub-path) and public/isolation-sw.js loaded first, which
 * makes the page cross-origin isolated through a service worker after one reload.
 */
function isolationServiceWorker(): Plugin {
  return {
    name: 'fieldmarshal-isolation-service-worker',
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: './isolation-sw.js' }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig(({ mode }) => ({
  base: mode === 'static' ? './' : '/',
  plugins: mode === 'static' ? [react(), isolationServiceWorker()] : [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, headers: isolation },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, headers: isolation },
  worker: { format: 'es' },
  // The core package starts its workers with `new URL('./worker.js', import.meta.url)`; pre-bundling would
  // move the module away from its worker file.
  optimizeDeps: { exclude: ['@fieldmarshal/core'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
}));
