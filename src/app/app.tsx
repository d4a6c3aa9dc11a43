import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router/dom'
import { setIdempotencyKeys } from '@/api/idempotency'
import { setDisplayLocale } from '@/lib/format/locale'
import { RuntimeConfigContext } from '@/lib/app-context'
import { eventIndexOf, loadRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config'
import { setServerAnswers } from '@/features/events/index/index-registry'
import { SessionContext } from '@/features/session/session-context'
import { sessionController, sessionStore } from './app-state'
import { applyTheme, initialTheme } from './layout/theme-toggle'
import { createAppRouter } from './router'

const sessionContext = { store: sessionStore, controller: sessionController }

export function App() {
  const [ready, setReady] = useState<{
    config: RuntimeConfig
    router: ReturnType<typeof createAppRouter>
  } | null>(null)
  useEffect(() => {
    applyTheme(initialTheme())
    // A reload's session is resumed (new tokens) before the router starts any page's reads.
    void Promise.all([loadRuntimeConfig(), sessionController.resumed]).then(([loaded]) => {
      // One locale for text and the browser's own date inputs: the config's, else the browser's.
      setDisplayLocale(loaded.locale ?? navigator.language)
      setIdempotencyKeys(loaded.idempotencyKeys)
      setServerAnswers(eventIndexOf(loaded) === 'server')
      setReady({
        config: loaded,
        router: createAppRouter({ signedIn: sessionStore.get() !== null }),
      })
    })
  }, [])
  if (!ready) return null
  const { config, router } = ready
  return (
    <RuntimeConfigContext value={config}>
      <SessionContext value={sessionContext}>
        <RouterProvider router={router} />
      </SessionContext>
    </RuntimeConfigContext>
  )
}
