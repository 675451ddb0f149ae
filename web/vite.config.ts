import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API lives on the same origin in production; in dev and preview, forward it to the embedded server.
const proxy = { '/api': 'http://localhost:3000' };

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist' },
  server: { proxy },
  preview: { proxy },
});
