/**
 * Builds the renderer into dist/renderer with relative asset URLs, so the same files load from
 * file:// in Electron and from the HTTP bridge. Everything is bundled: the CSP allows no remote
 * or inline code.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // Inline assets would become data: URLs; keep every asset a file the CSP allows.
    assetsInlineLimit: 0,
    // An inline modulepreload polyfill would need 'unsafe-inline'; Chromium has native support.
    modulePreload: { polyfill: false },
    target: 'chrome120',
  },
});
