import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Cross-origin isolation, so that SharedArrayBuffer exists and workers share memory with the page. */
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, headers: isolation },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, headers: isolation },
  worker: { format: 'es' },
  // The core package starts its workers with `new URL('./worker.js', import.meta.url)`; pre-bundling would
  // move the module away from its worker file.
  optimizeDeps: { exclude: ['@fieldmarshal/core'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
});
