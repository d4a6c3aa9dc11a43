import { lazy, Suspense } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { api, indexSource } from '../app-state'
import { SignedInLayout } from '../layout/signed-in-layout'
import { queryClient } from '../query'

// React Aria's toast region is not needed to show a page; it loads right after.
const AppToastRegion = lazy(() => import('@/components/ui/toast-region'))

/** The signed-in part of the app: the query cache, the guard and the shell. */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInLayout api={api} indexSource={indexSource} />
      <Suspense fallback={null}>
        <AppToastRegion />
      </Suspense>
    </QueryClientProvider>
  )
}
