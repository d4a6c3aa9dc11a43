import { useId, useState, type CSSProperties } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useRuntimeConfig } from '@/lib/app-context'
import { hasUnsavedChanges } from '@/lib/unsaved-changes'
import { useSession, useSessionStore } from './session-context'
import styles from './header-controls.module.css'

const badgeColor = (color: string | undefined) => ({ '--db-color': color }) as CSSProperties

/**
 * The current database, always visible in its colour; choosing another shows the same page in
 * it, asking first when a form holds unsaved changes. A native select: fully keyboard and
 * screen-reader usable at no cost in JavaScript.
 */
export function DatabaseSwitcher() {
  const config = useRuntimeConfig()
  const session = useSession()
  const store = useSessionStore()
  const id = useId()
  const [asking, setAsking] = useState<string | null>(null)
  if (!session) return null
  const current = session.database
  const known = config.databases.some((d) => d.name === current)
  const databases = known
    ? config.databases
    : [...config.databases, { name: current, label: current, color: '#475467' }]
  const label = (name: string) => databases.find((d) => d.name === name)?.label ?? name
  const color = databases.find((d) => d.name === current)?.color

  const choose = (name: string) => {
    if (name === current) return
    if (hasUnsavedChanges()) setAsking(name)
    else store.switchDatabase(name)
  }

  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Database
      </label>
      <select
        id={id}
        className={styles.dbSelect}
        style={badgeColor(color)}
        value={current}
        onChange={(e) => choose(e.target.value)}
      >
        {databases.map((d) => (
          <option key={d.name} value={d.name}>
            {label(d.name)}
          </option>
        ))}
      </select>
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
          A form on this page has changes that are not saved. Switching database discards them here
          (a draft of the form stays in this tab for {label(current)}).
        </p>
      </ConfirmDialog>
    </>
  )
}
