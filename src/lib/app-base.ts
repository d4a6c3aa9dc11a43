/**
 * Where the console is served from: index.html's `<base href>`, "/" as built. A deployment under
 * a sub-path rewrites it (e.g. to "/console/"); assets are built relative to it (`base: './'`),
 * and the router, config.json and the service's relative URLs follow it, so one build serves any
 * path.
 */
export function appBaseUrl(): URL {
  const href = document.querySelector('base')?.getAttribute('href') ?? '/'
  return new URL(href, location.href)
}

/** The router's basename: the base's path without its trailing slash ("/" at a host's root). */
export const routerBasename = (): string => appBaseUrl().pathname.replace(/\/+$/, '') || '/'

/** A file served beside index.html, such as config.json. */
export const appFileUrl = (file: string): string => new URL(file, appBaseUrl()).href
