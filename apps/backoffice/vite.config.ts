import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = { target: 'http://localhost:8080', changeOrigin: false };

/** The operator back office: served by the Khela server under /bo/ (BO_WEB_DIST). */
export default defineConfig({
  base: '/bo/',
  plugins: [react(), tailwindcss()],
  server: { port: 5174, proxy: { '/bo/api': api, '/media': api, '/wps': api } },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 600 },
});
