/**
 * The browser tab's title, composed in one place: the count of due reminders, the page's name
 * and the console's, "(3) Event 42 — Benefits Admin Console". Titles end up in the browser's
 * history, so a page names its record by number ("Event 42", "Auth 25-000024"), never by text
 * that may hold member data (a subject, a member's name).
 */
export const APP_TITLE = 'Benefits Admin Console'

let page: string | null = null
let count = 0

function write() {
  if (typeof document === 'undefined') return
  const base = page ? `${page} — ${APP_TITLE}` : APP_TITLE
  document.title = count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base
}

/** The page's own name ("Events", "Event 42"), or null for the console's name alone. */
export function setPageTitle(title: string | null) {
  page = title
  write()
}

/** The count shown before the title (due reminders); none at zero. */
export function setTitleCount(n: number) {
  count = n
  write()
}
