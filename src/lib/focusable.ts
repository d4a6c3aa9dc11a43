/** What can take focus from the keyboard: links, enabled form controls, and anything given a tab index. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/**
 * The elements in `root` that Tab stops at, in document order: focusable, not taken out of the
 * order (tab index -1), and shown (a control in a closed `<details>` or under `display: none`
 * has no boxes).
 */
export function tabbableIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  )
}
