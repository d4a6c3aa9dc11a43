import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router/dom'
import { setIdempotencyKeys } from '@/api/idempotency'
import { setDisplayLocale } from '@/lib/format/locale'
import { RuntimeConfigContext } from '@/lib/app-context'
import { loadRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config'
import { SessionContext } from '@/features/session/session-context'
import { sessionController, sessionStore } from './app-state'
import { applyTheme, initialTheme } from './layout/theme-toggle'
import { createAppRouter } from './router'

const sessionContext = { store: sessionStore, controller: sessionController }

export function App() {
  const [config, setConfig] = useState<RuntimeConfig | null>(null)
  const [router] = useState(() => createAppRouter({ signedIn: sessionStore.get() !== null }))
  useEffect(() => {
    applyTheme(initialTheme())
    void loadRuntimeConfig().then((loaded) => {
      // One locale for text and the browser's own date inputs: the config's, else the browser's.
      setDisplayLocale(loaded.locale ?? navigator.language)
      setIdempotencyKeys(loaded.idempotencyKeys)
      setConfig(loaded)
    })
  }, [])
  if (!config) return null
  return (
    <RuntimeConfigContext value={config}>
      <SessionContext value={sessionContext}>
        <RouterProvider router={router} />
      </SessionContext>
    </RuntimeConfigContext>
  )
}
