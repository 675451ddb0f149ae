import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API lives on the same origin in production; in dev and preview, forward it to the embedded server.
const proxy = { '/api': 'http://localhost:3000' };

export default defineConfig({
  // .br and .gz beside each text asset, which the embedded server sends as they are (functions/src/app.ts).
  plugins: [react(), compression()],
  build: { outDir: 'dist' },
  server: { proxy },
  preview: { proxy },
});
