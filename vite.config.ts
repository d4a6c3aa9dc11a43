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
  // The index's worker is a module worker: what only the calendar asks of it loads on first use.
  worker: { format: 'es' },
  // No CORS: Vite's default lets any localhost origin (another local app, any port) read every
  // answer, /api of the sandbox included. The console is served from the same origin as its
  // sandbox and needs none (sandbox/vite-plugin.ts mounts it allowing no other origin).
  server: { headers: securityHeaders('dev'), cors: false },
  preview: { headers: securityHeaders('preview'), cors: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'scripts/**/*.test.ts',
            'server/**/*.test.ts',
          ],
          globalSetup: ['server/test-cluster.ts'],
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
