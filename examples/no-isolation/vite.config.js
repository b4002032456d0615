import { defineConfig } from 'vite';

// No isolation headers here on purpose: the page is for hosts that cannot send them. Relative asset paths, so the
// built files work under any sub-path of a static host.
export default defineConfig({
  base: './',
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@fieldmarshal/core'] },
  build: { target: 'es2022' },
});
