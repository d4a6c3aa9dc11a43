/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { sandboxPlugin } from './sandbox/vite-plugin.ts'
import { securityHeaders } from './security-headers.ts'
import { precompress } from './scripts/vite-precompress.ts'

export default defineConfig({
  plugins: [react(), sandboxPlugin(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Assets are found relative to index.html's <base href>, so one build serves any path.
  base: './',
  build: { target: 'es2022' },
  server: { headers: securityHeaders('dev') },
  preview: { headers: securityHeaders('preview') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'sandbox/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup-dom.ts'],
        },
      },
    ],
  },
})
