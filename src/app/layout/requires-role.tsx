import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageHeader } from '@/components/ui/page-header'
import { useCan, useCurrentUser, type Permission } from '@/lib/app-context'
import { paths } from '@/lib/paths'

const who: Record<Permission, string> = {
  admin: 'administrators',
  changeAuths: 'support staff and administrators',
  audit: 'administrators and compliance staff',
}

/**
 * A page the user's roles do not allow, reached by its address: one plain explanation instead of
 * a form the service would refuse. The navigation does not offer these pages to such a user.
 */
export function RequiresRole({
  permission,
  title,
  children,
}: {
  permission: Permission
  title: string
  children: ReactNode
}) {
  const allowed = useCan(permission)
  const user = useCurrentUser()
  if (allowed) return children
  return (
    <section>
      <PageHeader
        title={title}
        description={`Only ${who[permission]} can use this page. You are signed in as ${user.name} (${user.roles.join(', ')}).`}
      />
      <p>
        Ask an administrator if you need it. <Link to={paths.home()}>Go to My events</Link>
      </p>
    </section>
  )
}
