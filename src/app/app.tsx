import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { RuntimeConfigContext } from '@/lib/app-context'
import { loadRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config'
import { SessionStoreContext } from '@/features/session/session-context'
import { sessionStore } from './app-state'
import { applyTheme, initialTheme } from './layout/theme-toggle'
import { createAppRouter } from './router'

export function App() {
  const [config, setConfig] = useState<RuntimeConfig | null>(null)
  const [router] = useState(createAppRouter)
  useEffect(() => {
    applyTheme(initialTheme())
    void loadRuntimeConfig().then(setConfig)
  }, [])
  if (!config) return null
  return (
    <RuntimeConfigContext value={config}>
      <SessionStoreContext value={sessionStore}>
        <RouterProvider router={router} />
      </SessionStoreContext>
    </RuntimeConfigContext>
  )
}
