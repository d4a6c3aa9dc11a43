import { useState, type CSSProperties } from 'react'
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useRuntimeConfig } from '@/lib/app-context'
import { hasUnsavedChanges } from '@/lib/unsaved-changes'
import { useSession, useSessionStore } from './session-context'
import styles from './header-controls.module.css'

const colorVar = (color: string | undefined) => ({ '--db-color': color }) as CSSProperties

/**
 * The current database, always visible in its colour; choosing another shows the same page in
 * it, asking first when a form holds unsaved changes.
 */
export function DatabaseSwitcher() {
  const config = useRuntimeConfig()
  const session = useSession()
  const store = useSessionStore()
  const [asking, setAsking] = useState<string | null>(null)
  if (!session) return null
  const current = session.database
  const known = config.databases.some((d) => d.name === current)
  const databases = known
    ? config.databases
    : [...config.databases, { name: current, color: '#475467' }]
  const info = databases.find((d) => d.name === current)
  const label = (name: string) => databases.find((d) => d.name === name)?.label ?? name

  const choose = (name: string) => {
    if (name === current) return
    if (hasUnsavedChanges()) setAsking(name)
    else store.switchDatabase(name)
  }

  return (
    <>
      <MenuTrigger>
        <AriaButton
          className={`${styles.trigger} ${styles.dbBadge}`}
          style={{ background: info?.color }}
          aria-label={`Database: ${label(current)}. Change database`}
        >
          {label(current)} <span aria-hidden="true">▾</span>
        </AriaButton>
        <Popover placement="bottom start" className={styles.popover}>
          <Menu
            className={styles.menu}
            aria-label="Databases"
            selectionMode="single"
            selectedKeys={[current]}
            onAction={(key) => choose(String(key))}
          >
            {databases.map((d) => (
              <MenuItem key={d.name} id={d.name} className={styles.item} textValue={label(d.name)}>
                <span className={styles.dot} style={colorVar(d.color)} aria-hidden="true" />
                {label(d.name)}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <ConfirmDialog
        open={asking !== null}
        title={`Switch to ${asking ? label(asking) : ''}?`}
        confirmLabel="Switch and discard changes"
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) store.switchDatabase(asking)
          setAsking(null)
        }}
      >
        <p>
          A form on this page has changes that are not saved. Switching database discards them (a
          draft stays in this tab for the form in {label(current)}).
        </p>
      </ConfirmDialog>
    </>
  )
}
