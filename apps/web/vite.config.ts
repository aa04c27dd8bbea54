import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API server (apps/server) listens here in development.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // brotli (.br) and gzip (.gz) next to every text asset, served by @fastify/static's preCompressed
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/monitoring': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
