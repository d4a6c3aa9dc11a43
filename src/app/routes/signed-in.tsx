import { QueryClientProvider } from '@tanstack/react-query'
import { DeferredToastRegion } from '@/components/ui/deferred-toast-region'
import { api, indexSource } from '../app-state'
import { SignedInLayout } from '../layout/signed-in-layout'
import { queryClient } from '../query'

/** The signed-in part of the app: the query cache, the guard and the shell. */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInLayout api={api} indexSource={indexSource} />
      <DeferredToastRegion />
    </QueryClientProvider>
  )
}
