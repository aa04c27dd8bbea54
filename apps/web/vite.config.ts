import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API server (apps/server) listens here in development.
const apiTarget = 'http://localhost:3000';

// @mantine/core's styles system and the components the public screens are built from, the
// hooks, the form library, query and the icons' base component
const sharedUi = new RegExp(
  [
    String.raw`@mantine[\/]core[\/]esm[\/]core[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Box|Button|UnstyledButton|Input|InputBase|TextInput|PasswordInput|Text|Title|Group|Stack|Center|Paper|Alert|Anchor|Loader|CloseButton|ActionIcon|ThemeIcon|Code|VisuallyHidden|Skeleton)[\/]`,
    String.raw`@mantine[\/](hooks|form|store)[\/]`,
    String.raw`@tanstack[\/](query-core|react-query)[\/]`,
    String.raw`@tabler[\/]icons-react[\/]dist[\/]esm[\/](createReactComponent|defaultAttributes)`,
    'clsx',
  ].join('|'),
);

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
    rolldownOptions: {
      // an app, not a library: chunks need not keep the entry modules' export signatures (lets
      // small common chunks be inlined below)
      preserveEntrySignatures: false,
      output: {
        // What every screen, the public ones included, runs: a few chunks rather than dozens of
        // sub-kilobyte ones (on a phone each request costs a round trip and its headers). The
        // Mantine components only app pages use (Modal, Table, Combobox…) stay split by page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: 'ui', test: (id) => sharedUi.test(id), priority: 1 },
          ],
          // Issue 13: every lazy route is an entry, so code shared by a different set of routes
          // became its own chunk (an icon, a Mantine component: the contacts grid loaded ~95
          // files). On a phone over HTTP/1.1 each is a round trip on one of six connections.
          // Common chunks under this size are copied into the chunks that import them instead.
          experimentalInlineCommonChunks: { maxSize: 30_000 },
        },
      },
    },
  },
});
