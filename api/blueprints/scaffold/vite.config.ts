import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The hosted preview reaches this server through a proxy under its own host name.
  preview: { allowedHosts: true },
});
