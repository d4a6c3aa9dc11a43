import { CmsReportPage } from '@/features/auths/report/cms-report-page'

export function Component() {
  return <CmsReportPage />
}
