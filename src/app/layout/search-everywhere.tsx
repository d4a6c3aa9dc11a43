import { useEffect, useId, useMemo, useState } from 'react'
import { useHref, useNavigate } from 'react-router'
import { Dialog } from '@/components/ui/dialog'
import { AUTH_NUMBER_PATTERN } from '@/features/auths/auth-fields'
import { useAuthLookup } from '@/features/auths/lookup/use-auth-lookup'
import { useRecentLookups } from '@/features/auths/recent-lookups'
import { IndexGapsNote } from '@/features/events/index/gaps-note'
import { useEventSearch } from '@/features/events/index/use-event-search'
import { useCurrentUser, userCan, type Permission } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import styles from './search-everywhere.module.css'
import { getDisplayLocale } from '@/api/dates'
import { isTypingTarget } from '@/lib/typing-target'
import { eventTitle } from '@/features/events/model/title'
import { Problem } from '@/components/ui/problem'

interface Item {
  id: string
  group: (typeof GROUPS)[number]
  label: string
  detail?: string
  run: () => void
}

const GROUPS = ['Auths', 'Events', 'Pages and commands'] as const

interface Command {
  label: string
  /** A page to open, or `lock` for the Lock now command. */
  to: string | 'lock'
  words: string
  needs?: Permission
}

const COMMANDS: Command[] = [
  { label: 'My events', to: paths.events.mine(), words: 'my events today overdue work' },
  { label: 'Events list', to: paths.events.list(), words: 'events list all filter' },
  { label: 'Calendar', to: paths.events.calendar(), words: 'calendar month week' },
  { label: 'New event', to: paths.events.create(), words: 'new event create add task reminder' },
  { label: 'Look up an auth', to: paths.auths.lookup(), words: 'auth look up find authorization' },
  {
    label: 'New auth',
    to: paths.auths.create(),
    words: 'new auth create authorization',
    needs: 'changeAuths',
  },
  {
    label: 'Import auths',
    to: paths.auths.import(),
    words: 'import auths csv upload batch',
    needs: 'changeAuths',
  },
  {
    label: 'Sessions',
    to: paths.admin.sessions(),
    words: 'sessions kick end user admin',
    needs: 'admin',
  },
  {
    label: 'Password policy',
    to: paths.admin.passwordPolicy(),
    words: 'password policy identity admin',
    needs: 'admin',
  },
  { label: 'Lookup lists', to: paths.reference(), words: 'lookup lists reference codes' },
  { label: 'Lock now (Ctrl+Shift+L)', to: 'lock', words: 'lock now away screen leave desk' },
]

/**
 * Search everywhere (Ctrl+K / ⌘K, or `/` outside a text field): events by subject words or ID
 * (from the event index), an auth by number, and the console's pages and commands. Arrow keys
 * move through the results, Enter opens one. Mounted in the signed-in layout only, so a locked
 * or signed-out console has no palette.
 */
export function SearchEverywhere({ onLock }: { onLock: () => void }) {
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      const commandK =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
      const slash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTypingTarget(event.target)
      if (!commandK && !slash) return
      // Another modal owns the page (a confirmation, the sign-in dialog): leave it be.
      if (document.querySelector('dialog[open]')) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K /"
      >
        Search <kbd className={styles.triggerKey}>Ctrl K</kbd>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Search everywhere" wide>
        <Palette onDone={() => setOpen(false)} onLock={onLock} />
      </Dialog>
    </>
  )
}

function Palette({ onDone, onLock }: { onDone: () => void; onLock: () => void }) {
  const navigate = useNavigate()
  const listHref = useHref(paths.events.list())
  const me = useCurrentUser()
  const ids = { input: useId(), list: useId(), hint: useId() }
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const trimmed = text.trim()
  const events = useEventSearch(trimmed)
  const { numbers } = useRecentLookups()
  const auth = useAuthLookup((authNumber) => {
    onDone()
    navigate(paths.auths.detail(authNumber))
  })
  const go = (to: string) => {
    onDone()
    navigate(to)
  }

  const items = useMemo<Item[]>(() => {
    const out: Item[] = []
    const lower = trimmed.toLowerCase()
    // Something shaped like an auth number (digits with a dash or dot, `26-000123`) is offered
    // as one first; a plain word or number is an event search.
    if (trimmed && AUTH_NUMBER_PATTERN.test(trimmed) && /\d/.test(trimmed) && /[-.]/.test(trimmed))
      out.push({
        id: `auth-${trimmed}`,
        group: 'Auths',
        label: `Open auth ${trimmed}`,
        run: () => void auth.lookUp(trimmed),
      })
    if (!trimmed)
      for (const n of numbers.slice(0, 4))
        out.push({
          id: `recent-${n}`,
          group: 'Auths',
          label: `Auth ${n}`,
          detail: 'Looked up recently',
          run: () => go(paths.auths.detail(n)),
        })
    for (const e of events.rows)
      out.push({
        id: `event-${e.event_ID}`,
        group: 'Events',
        label: eventTitle(e),
        detail: [
          `Event ${e.event_ID}`,
          e.status,
          e.user_ID ?? (e.userGroup_Key != null ? `Group ${e.userGroup_Key}` : null),
        ]
          .filter(Boolean)
          .join(' · '),
        run: () => go(paths.events.detail(e.event_ID)),
      })
    // An event ID before the index is ready (or one it does not hold): open it anyway.
    if (/^\d{1,9}$/.test(trimmed) && !events.rows.some((e) => String(e.event_ID) === trimmed))
      out.push({
        id: `event-id-${trimmed}`,
        group: 'Events',
        label: `Open event ${trimmed}`,
        run: () => go(paths.events.detail(Number(trimmed))),
      })
    for (const c of COMMANDS) {
      if (c.needs && !userCan(me, c.needs)) continue
      if (
        lower &&
        !lower.split(/\s+/).every((w) => c.words.includes(w) || c.label.toLowerCase().includes(w))
      )
        continue
      out.push({
        id: `cmd-${c.to}`,
        group: 'Pages and commands',
        label: c.label,
        run: () => {
          if (c.to !== 'lock') return go(c.to)
          onDone()
          onLock()
        },
      })
    }
    return out
    // `go` and `auth` are new each render; the list depends on what is typed and found.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, events.rows, numbers, me])

  const current = Math.min(active, Math.max(0, items.length - 1))
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1
    if (event.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1)
    else if (event.key === 'ArrowUp') setActive(current <= 0 ? last : current - 1)
    else if (event.key === 'Home' && event.ctrlKey) setActive(0)
    else if (event.key === 'End' && event.ctrlKey) setActive(last)
    else if (event.key === 'Enter') items[current]?.run()
    else return
    event.preventDefault()
  }

  const outcome = auth.outcome
  return (
    <div className={styles.palette}>
      <label htmlFor={ids.input} className="visually-hidden">
        Search events, auths and pages
      </label>
      <input
        id={ids.input}
        className={styles.input}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={ids.list}
        aria-autocomplete="list"
        aria-describedby={ids.hint}
        aria-activedescendant={items[current] ? `${ids.list}-${items[current].id}` : undefined}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder="Event subject or ID, auth number, or a page"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setActive(0)
          auth.reset()
        }}
        onKeyDown={onKeyDown}
      />
      <p id={ids.hint} className={styles.hint}>
        {events.ready
          ? '↑ ↓ to move, Enter to open.'
          : events.tooLarge
            ? `↑ ↓ to move, Enter to open. This database holds more than ${events.tooLarge.limit.toLocaleString(getDisplayLocale())} events, too many to search in the browser: events are searched among the ${events.tooLarge.scanned === null ? '' : `${events.tooLarge.scanned.toLocaleString(getDisplayLocale())} `}changed most recently, and an event ID opens that event.`
            : `↑ ↓ to move, Enter to open. Event search is getting ready (${events.loaded.toLocaleString(getDisplayLocale())} events read).`}
      </p>
      <IndexGapsNote onNavigate={onDone} />
      {outcome.kind === 'pending' && <p role="status">Looking up auth {outcome.authNumber}…</p>}
      {outcome.kind === 'not-found' && (
        <Problem compact cause="action" title={`No auth ${outcome.authNumber} in this database.`} />
      )}
      {(outcome.kind === 'invalid' || outcome.kind === 'failed') && (
        <Problem compact cause="action" title={outcome.message} />
      )}
      <div id={ids.list} role="listbox" aria-label="Results" className={styles.list}>
        {GROUPS.map((group) => {
          const inGroup = items.filter((item) => item.group === group)
          if (inGroup.length === 0) return null
          return (
            <div key={group} role="group" aria-labelledby={`${ids.list}-${group}`}>
              <div id={`${ids.list}-${group}`} className={styles.group} role="presentation">
                {group}
              </div>
              {inGroup.map((item) => {
                const i = items.indexOf(item)
                return (
                  // The keyboard path is the combobox above (arrow keys, Enter,
                  // aria-activedescendant); the mouse may click an option.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                  <div
                    key={item.id}
                    id={`${ids.list}-${item.id}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === current}
                    className={styles.option}
                    onMouseMove={() => setActive(i)}
                    onClick={() => item.run()}
                  >
                    <span className={styles.label}>{item.label}</span>
                    {item.detail && <span className={styles.detail}>{item.detail}</span>}
                  </div>
                )
              })}
            </div>
          )
        })}
      </div>
      {items.length === 0 && <p className={styles.hint}>Nothing matches “{trimmed}”.</p>}
      {trimmed && events.total > events.rows.length && (
        <p className={styles.hint}>
          {events.total.toLocaleString(getDisplayLocale())} events match; the {events.rows.length}{' '}
          changed most recently are shown.{' '}
          <a
            href={listHref}
            onClick={(e) => {
              e.preventDefault()
              onDone()
              navigate(paths.events.list(), { state: { q: trimmed } })
            }}
          >
            Show them all in the list
          </a>
        </p>
      )}
    </div>
  )
}
