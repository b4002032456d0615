import { defineConfig } from 'vite';

// SharedArrayBuffer needs a cross-origin-isolated page: send both headers from the dev server AND from
// `vite preview` (a production server must send them too).
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  server: { headers: isolation },
  preview: { headers: isolation },
  // The worker module imports shared chunks of the library: bundle workers as ES modules.
  worker: { format: 'es' },
  // Keep the library out of dev pre-bundling, so `new URL('./worker.js', import.meta.url)` inside it still
  // points next to its worker module.
  optimizeDeps: { exclude: ['@fieldmarshal/core'] },
  build: { target: 'es2022' },
});
