import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  base: './',
  // MOCK_BACKEND=1 npm run dev:web (or build:web) starts the in-browser mock backend (src/mock/).
  envPrefix: ['VITE_', 'MOCK_BACKEND'],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json maps each source module to its chunks: the first-page browser test
    // reads it to tell which screens' code a visit fetched.
    manifest: true,
    rolldownOptions: {
      // Packages that declare no side effects would be tree-shaken anyway; for those that do not
      // say (antd's form engine, reached through antd's Input), importing a module for a context
      // must not keep the whole engine on the sign-in page. Only styles import for effect. The
      // contract is schemas and constants only: a screen keeps the ones it uses, not all of them.
      treeshake: {
        moduleSideEffects: (id) =>
          (!id.includes('/node_modules/') && !id.includes('/packages/contract/')) || /\.css$/.test(id),
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
});
