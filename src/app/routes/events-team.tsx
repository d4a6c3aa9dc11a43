import { TeamPage } from '@/features/events/team/team-page'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Team' }

export function Component() {
  return <TeamPage />
}
