import { existsSync } from 'node:fs'

/**
 * The Chromium the end-to-end tests use: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
 * undefined (Playwright's own browser, for machines that can download it).
 */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((p) => p && existsSync(p))
}
