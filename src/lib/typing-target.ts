/** Whether a key press lands where the user is typing (a field or editable text), so page
 * shortcuts (`/`, `?`, j/k, s, c) leave it alone. */
export const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
