import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `@/…` is src/…, as in tsconfig.json.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // In development the API runs separately (npm run dev:server); Vite forwards /api to it.
  server: { proxy: { '/api': 'http://localhost:3001' } },
  // The hosted preview reaches this server through a proxy under its own host name.
  preview: { allowedHosts: true },
  // Maps beside the bundles, not linked from them: the platform's checking browser reads them to
  // point runtime errors at src/ files and lines.
  // The UI stack makes bundles past Vite's 500 kB warning; that is expected, not a problem to report.
  build: { sourcemap: 'hidden', chunkSizeWarningLimit: 1500 },
});
