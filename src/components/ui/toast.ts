// The queue alone is small; the region that renders it (React Aria) loads lazily.
import { ToastQueue } from 'react-stately/useToastState'

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

type ToastOptions = Omit<ToastContentValue, 'title' | 'tone'> & { timeout?: number }

const add = (tone: ToastContentValue['tone'], title: string, options: ToastOptions = {}) => {
  const { timeout, ...rest } = options
  const page = tone === 'error' ? globalThis.location?.pathname : undefined
  return toastQueue.add(
    { title, tone, page, ...rest },
    { timeout: timeout ?? (tone === 'error' ? undefined : rest.action ? 8000 : 5000) },
  )
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
