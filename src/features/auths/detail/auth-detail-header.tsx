import type { Auth } from '@/api/schemas/auth'
import type { AuthVba } from '@/api/schemas/auth-vba'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { useCan, useRuntimeConfig } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { toneOf } from '../model/tone'
import { AuthStatusBadge } from './auth-status-badge'
import styles from './detail.module.css'

export type DetailDialog = 'status' | 'adjust' | 'delete'

interface AuthDetailHeaderProps {
  authNumber: string
  auth: Auth
  vba: AuthVba | undefined
  onOpen: (dialog: DetailDialog) => void
}

/**
 * Number, status and what the service is; then the actions, the likely next one first: a pended
 * auth needs a decision, an approved one is most often extended.
 */
export function AuthDetailHeader({ authNumber, auth, vba, onOpen }: AuthDetailHeaderProps) {
  const tone = toneOf(auth)
  // Staff read auths; support and admins change them (the service's rule).
  const canChange = useCan('changeAuths')
  const { consoleServer } = useRuntimeConfig()
  const seesAudit = useCan('audit') && consoleServer !== undefined
  const service = [auth.service_Type, auth.service_Code].filter(Boolean).join(' ')
  const kind = [auth.type_Of_Service ?? auth.auth_Type, auth.treatment_Type].filter(
    (part, i, all) => part && part !== auth.service_Type && all.indexOf(part) === i,
  )
  return (
    <PageHeader
      title={
        <>
          Auth <span className={styles.number}>{authNumber}</span>
        </>
      }
      description={
        <span className={styles.headerLine}>
          <AuthStatusBadge auth={auth} />
          {auth.urgent && <span className={`${styles.flag} ${styles.flagUrgent}`}>Urgent</span>}
          {auth.closed && tone !== 'closed' && <span className={styles.flag}>Closed</span>}
          {vba?.member_VIP_Flag && (
            <span className={`${styles.flag} ${styles.vip}`}>VIP member</span>
          )}
          <span>
            {service || 'No service recorded'}
            {kind.length > 0 && <span className={styles.muted}> · {kind.join(' · ')}</span>}
          </span>
        </span>
      }
      actions={
        <>
          {canChange && (
            <>
              <Button
                variant={tone === 'pended' ? 'primary' : 'default'}
                onClick={() => onOpen('status')}
              >
                Change status
              </Button>
              <Button
                variant={tone === 'approved' ? 'primary' : 'default'}
                onClick={() => onOpen('adjust')}
              >
                Adjust
              </Button>
              <ButtonLink
                to={paths.auths.edit(authNumber)}
                variant={tone === 'pended' || tone === 'approved' ? 'default' : 'primary'}
              >
                Edit
              </ButtonLink>
              <Button
                variant="ghost"
                className={styles.deleteButton}
                onClick={() => onOpen('delete')}
              >
                Delete
              </Button>
            </>
          )}
          {seesAudit && (
            <ButtonLink variant="ghost" to={paths.admin.audit({ type: 'auth', id: authNumber })}>
              Audit trail
            </ButtonLink>
          )}
          {/* The print CSS prints the determination summary alone. */}
          <Button variant="ghost" onClick={() => window.print()}>
            Print
          </Button>
        </>
      }
    />
  )
}
