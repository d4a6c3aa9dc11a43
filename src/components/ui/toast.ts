// The queue alone is small; the region that renders it (React Aria) loads lazily.
import { ToastQueue } from 'react-stately/useToastState'
import { pushUndo, runUndo } from '@/lib/undo-stack'

export interface ToastContentValue {
  title: string
  description?: string | undefined
  tone: 'success' | 'error' | 'info'
  /** One action, e.g. Undo. */
  action?: { label: string; onAction: () => void } | undefined
  /** The page (path) an error belongs to: it goes away when the user leaves that page. */
  page?: string | undefined
}

/** The app's one toast queue: results of writes, background failures, Undo offers. */
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 4 })

type ToastOptions = Omit<ToastContentValue, 'title' | 'tone'> & {
  timeout?: number
  /**
   * An undoable change: the toast's action is Undo, and the change goes on the undo stack
   * (`lib/undo-stack.ts`) under `label` ("Snooze of …"), so Ctrl+Z and search everywhere can
   * undo it after the toast has gone. It runs once, however it is asked for; then the toast closes.
   */
  undo?: { label: string; run: () => unknown }
}

const add = (tone: ToastContentValue['tone'], title: string, options: ToastOptions = {}) => {
  const { timeout, undo, ...rest } = options
  const page = tone === 'error' ? globalThis.location?.pathname : undefined
  let key: string | null = null
  const undoId = undo
    ? pushUndo(undo.label, undo.run, () => {
        if (key !== null) toastQueue.close(key)
      })
    : null
  const action =
    undoId === null ? rest.action : { label: 'Undo', onAction: () => void runUndo(undoId) }
  key = toastQueue.add(
    { title, tone, page, ...rest, action },
    { timeout: timeout ?? (tone === 'error' ? undefined : action ? 8000 : 5000) },
  )
  return key
}

export const toast = {
  success: (title: string, options?: ToastOptions) => add('success', title, options),
  error: (title: string, options?: ToastOptions) => add('error', title, options),
  info: (title: string, options?: ToastOptions) => add('info', title, options),
  close: (key: string) => toastQueue.close(key),
}

/** Closes the errors that belong to another page than `path` (called when the user navigates). */
export function closeErrorsElsewhere(path: string) {
  for (const t of toastQueue.visibleToasts)
    if (t.content.page !== undefined && t.content.page !== path) toastQueue.close(t.key)
}
