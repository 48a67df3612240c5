import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';

// The production server serves dist/client with a strict CSP (script-src 'self'): the build must emit no inline
// scripts and load nothing from other origins.
export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  // @ffmpeg/ffmpeg starts its own worker from `new URL('./worker.js', import.meta.url)`: pre-bundling would break it.
  optimizeDeps: { exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util'] },
  server: {
    // The same isolation as the production server (the video tools' multi-thread engine).
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/sandbox': { target: apiServer, changeOrigin: false },
      '/vendor': { target: apiServer, changeOrigin: false },
    },
  },
});
