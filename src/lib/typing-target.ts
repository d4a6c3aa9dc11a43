/** Whether a key press lands where the user is typing (a field or editable text), so page
 * shortcuts (`/`, `?`, j/k, s, c) leave it alone. */
export const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/** Input types that take no typed text: Ctrl+Z on them is no field's own undo. */
const NOT_TEXT = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
])

/**
 * Whether a key press lands where text is typed (a text box, a text area, editable text), whose
 * own undo Ctrl+Z belongs to. A checkbox, a radio or a select is not one.
 */
export const isTextEntryTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    (target instanceof HTMLInputElement && !NOT_TEXT.has(target.type)))
