import { PageHeader } from '@/components/ui/page-header'

// Placeholder until the feature lands; replaced by the issue that builds the page.
export function Component() {
  return <PageHeader title="Not built yet" description="This page is on its way." />
}
