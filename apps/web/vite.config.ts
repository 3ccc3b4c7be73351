import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = { target: 'http://localhost:8080', changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy: { '/wps': api, '/lgw': api, '/lotto': api, '/media': api } },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 400 },
});
