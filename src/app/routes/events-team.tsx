import { TeamPage } from '@/features/events/team/team-page'

export function Component() {
  return <TeamPage />
}
