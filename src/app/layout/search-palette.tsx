/*
 * The palette of search everywhere (the trigger and the shortcut are in
 * `search-everywhere.tsx`): loaded on the first opening, so its search and ranking code is not
 * part of every page's first load.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useHref, useNavigate } from 'react-router'
import { searchedAuthNumber } from '@/features/auths/auth-fields'
import { useAuthCheck, useAuthLookup } from '@/features/auths/lookup/use-auth-lookup'
import { useEventCheck } from '@/features/events/use-event-check'
import { searchState } from '@/features/events/list/search-memory'
import { useRecentLookups } from '@/features/auths/recent-lookups'
import { IndexGapsNote } from '@/features/events/index/gaps-note'
import { describeError } from '@/components/errors/describe-error'
import { useEventSearch } from '@/features/events/index/use-event-search'
import { useCurrentUser, userCan } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import { paths } from '@/lib/paths'
import { commandsFor } from '../pages'
import styles from './search-everywhere.module.css'
import { formatCount } from '@/lib/format/format'
import { eventTitle } from '@/features/events/model/title'
import {
  foldText,
  SEARCH_RANK,
  searchQuery,
  searchRank,
  type SearchRank,
} from '@/features/events/model/filter'
import { Problem } from '@/components/ui/problem'
import { runUndo, useLastUndo } from '@/lib/undo-stack'
import {
  NO_PALETTE_AUTH_EXTRAS,
  type PaletteAuthExtras,
} from '@/features/auths/clock/palette-auth-extras-data'

// Auths' clocks and matches among the auths the console knows of: loaded with the palette.
const AuthExtras = lazy(() => import('@/features/auths/clock/palette-auth-extras'))

interface Item {
  id: string
  group: Group
  label: string
  detail?: string
  /** How well it answers what was typed (the model's `SEARCH_RANK`, 0 best). */
  rank: SearchRank
  run: () => void
}

/** The groups in the order they are shown when their best answers rank the same. */
const GROUPS = ['Auths', 'Pages and commands', 'People', 'Events'] as const
type Group = (typeof GROUPS)[number]

/** The Lock now command, after the pages the user may open (`PAGES`). */
const LOCK = {
  label: 'Lock now (Ctrl+Shift+L)',
  to: 'lock',
  words: 'lock now away screen leave desk',
}

/**
 * A command's rank for what was typed, as events are ranked: its whole label is exact; its label
 * and words otherwise (both folded as search reads text). Null when a word is in neither.
 */
function commandRank(
  command: { label: string; words: string },
  query: ReturnType<typeof searchQuery>,
): SearchRank | null {
  const label = foldText(command.label)
  if (searchRank(label, query) === SEARCH_RANK.exact) return SEARCH_RANK.exact
  return searchRank(foldText(`${command.label} ${command.words}`), query)
}

/**
 * The items by group, the group with the best answer first (ties in `GROUPS` order), each group
 * best first: the order they are shown and moved through.
 */
function ordered(items: readonly Item[]): Item[] {
  const best = (group: Group) =>
    Math.min(3, ...items.filter((item) => item.group === group).map((item) => item.rank))
  const groups = [...GROUPS].sort((a, b) => best(a) - best(b))
  return groups.flatMap((group) =>
    items.filter((item) => item.group === group).sort((a, b) => a.rank - b.rank),
  )
}

export function Palette({ onDone, onLock }: { onDone: () => void; onLock: () => void }) {
  const navigate = useNavigate()
  const listHref = useHref(paths.events.list())
  const me = useCurrentUser()
  const { assigneeName, findPeople, personName } = useDirectory()
  const ids = { input: useId(), list: useId(), hint: useId() }
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const trimmed = text.trim()
  const events = useEventSearch(trimmed)
  const lastUndo = useLastUndo()
  const [authExtras, setAuthExtras] = useState<PaletteAuthExtras>(NO_PALETTE_AUTH_EXTRAS)
  const { numbers } = useRecentLookups()
  // An auth number (with or without its dash) is checked with the service before it is offered.
  const authNumber = searchedAuthNumber(trimmed)
  const authCheck = useAuthCheck(authNumber)
  const typedEventId =
    /^\d{1,9}$/.test(trimmed) && !events.rows.some((e) => String(e.event_ID) === trimmed)
      ? Number(trimmed)
      : null
  const eventCheck = useEventCheck(typedEventId)
  const auth = useAuthLookup((found) => {
    onDone()
    navigate(paths.auths.detail(found))
  })
  const go = (to: string) => {
    onDone()
    navigate(to)
  }
  // Enter pressed while the events shown still answer an earlier text: opens the first answer
  // to this one when it comes.
  const enterPending = useRef(false)

  const items = useMemo<Item[]>(() => {
    const out: Item[] = []
    const query = searchQuery(trimmed)
    // Offered while it is being checked (opening it looks it up again); not once the service
    // says there is no such auth.
    if (authNumber && authCheck !== 'not-found')
      out.push({
        id: `auth-${authNumber}`,
        group: 'Auths',
        label: `Open auth ${authNumber}`,
        // Its decision clock, as everywhere an auth appears, once the service has answered.
        ...(authCheck === 'checking'
          ? { detail: 'Checking…' }
          : authExtras.clocks.get(authNumber) && {
              detail: `Decision ${authExtras.clocks.get(authNumber)}`,
            }),
        rank: SEARCH_RANK.exact,
        run: () => void auth.lookUp(authNumber),
      })
    if (!trimmed)
      for (const n of numbers.slice(0, 4))
        out.push({
          id: `recent-${n}`,
          group: 'Auths',
          label: `Auth ${n}`,
          detail: ['Looked up recently', authExtras.clocks.get(n)].filter(Boolean).join(' · '),
          rank: SEARCH_RANK.inside,
          run: () => go(paths.auths.detail(n)),
        })
    // Among the auths the console knows of: by member, provider or status.
    for (const k of authExtras.matches)
      out.push({
        id: `known-${k.authNumber}`,
        group: 'Auths',
        label: `Auth ${k.authNumber}`,
        detail: k.detail,
        rank: SEARCH_RANK.inside,
        run: () => go(paths.auths.detail(k.authNumber)),
      })
    events.rows.forEach((e, i) =>
      out.push({
        id: `event-${e.event_ID}`,
        group: 'Events',
        label: eventTitle(e),
        detail: [`Event ${e.event_ID}`, e.status, assigneeName(e)].filter(Boolean).join(' · '),
        rank: events.ranks[i] ?? SEARCH_RANK.inside,
        run: () => go(paths.events.detail(e.event_ID)),
      }),
    )
    // An event ID the index does not show (not ready yet, or past its limit): offered while the
    // service is asked, and not once it says there is no such event.
    if (typedEventId !== null && eventCheck !== 'not-found')
      out.push({
        id: `event-id-${trimmed}`,
        group: 'Events',
        label: `Open event ${trimmed}`,
        ...(eventCheck === 'checking' && { detail: 'Checking…' }),
        rank: SEARCH_RANK.exact,
        run: () => go(paths.events.detail(Number(trimmed))),
      })
    // People by name or ID: their events, as My events shows them (as the team's queues do).
    if (trimmed.length >= 2) {
      for (const id of findPeople(trimmed).slice(0, 5))
        out.push({
          id: `person-${id}`,
          group: 'People',
          label: `${personName(id)}’s events`,
          detail: id === me.userId ? `${id} · you` : id,
          rank: commandRank({ label: personName(id), words: id }, query) ?? SEARCH_RANK.inside,
          run: () => go(id === me.userId ? paths.events.mine() : paths.events.mine(id)),
        })
    }
    for (const c of [...commandsFor((permission) => userCan(me, permission)), LOCK]) {
      const rank = commandRank(c, query)
      if (rank === null) continue
      out.push({
        id: `cmd-${c.to}`,
        group: 'Pages and commands',
        label: c.label,
        rank,
        run: () => {
          if (c.to !== 'lock') return go(c.to)
          onDone()
          onLock()
        },
      })
    }
    // The change Ctrl+Z would undo, offered by name ("Undo: Snooze of “…”").
    if (lastUndo) {
      const label = `Undo: ${lastUndo.label}`
      const words = foldText(label)
      if (
        !trimmed ||
        foldText(trimmed)
          .split(/\s+/)
          .every((w) => words.includes(w))
      )
        out.push({
          id: `undo-${lastUndo.id}`,
          group: 'Pages and commands',
          label,
          detail: 'Ctrl+Z',
          rank: trimmed ? SEARCH_RANK.inside : SEARCH_RANK.exact,
          run: () => {
            onDone()
            runUndo(lastUndo.id)
          },
        })
    }
    return ordered(out)
    // `go` and `auth` are new each render; the list depends on what is typed and found.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    trimmed,
    authNumber,
    authCheck,
    typedEventId,
    eventCheck,
    events.rows,
    events.ranks,
    numbers,
    me,
    lastUndo,
    authExtras,
    findPeople,
    personName,
  ])

  const current = Math.min(active, Math.max(0, items.length - 1))
  useEffect(() => {
    if (!enterPending.current || !events.settled) return
    enterPending.current = false
    items[0]?.run()
  }, [events.settled, items])
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1
    if (event.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1)
    else if (event.key === 'ArrowUp') setActive(current <= 0 ? last : current - 1)
    else if (event.key === 'Home' && event.ctrlKey) setActive(0)
    else if (event.key === 'End' && event.ctrlKey) setActive(last)
    else if (event.key === 'Enter') {
      if (current === 0 && !events.settled) enterPending.current = true
      else items[current]?.run()
    } else return
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
          enterPending.current = false
          auth.reset()
        }}
        onKeyDown={onKeyDown}
      />
      <p id={ids.hint} className={styles.hint}>
        {events.ready
          ? '↑ ↓ to move, Enter to open.'
          : events.tooLarge
            ? `↑ ↓ to move, Enter to open. This database holds more than ${formatCount(events.tooLarge.limit)} events, too many to search in the browser: events are searched among the ${events.tooLarge.scanned === null ? '' : `${formatCount(events.tooLarge.scanned)} `}changed most recently, and an event ID opens that event.`
            : `↑ ↓ to move, Enter to open. Event search is getting ready (${formatCount(events.loaded)} events read).`}
      </p>
      <IndexGapsNote onNavigate={onDone} />
      <Suspense fallback={null}>
        <AuthExtras
          text={trimmed}
          recent={
            authNumber && authCheck === 'found'
              ? [authNumber, ...numbers.slice(0, 4).filter((n) => n !== authNumber)]
              : numbers.slice(0, 4)
          }
          onChange={setAuthExtras}
        />
      </Suspense>
      {outcome.kind === 'pending' && <p role="status">Looking up auth {outcome.authNumber}…</p>}
      {authNumber && authCheck === 'not-found' && outcome.kind !== 'not-found' && (
        <p role="status" className={styles.hint}>
          No auth {authNumber} in this database.
        </p>
      )}
      {outcome.kind === 'not-found' && (
        <Problem compact cause="action" title={`No auth ${outcome.authNumber} in this database.`} />
      )}
      {(outcome.kind === 'invalid' || outcome.kind === 'failed') && (
        <Problem compact cause="action" title={outcome.message} />
      )}
      <div id={ids.list} role="listbox" aria-label="Results" className={styles.list}>
        {[...new Set(items.map((item) => item.group))].map((group) => {
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
      {events.failure ? (
        <p role="status" className={styles.hint}>
          Events could not be searched. {describeError(events.failure).message}
        </p>
      ) : (
        items.length === 0 &&
        authCheck !== 'not-found' && <p className={styles.hint}>Nothing matches “{trimmed}”.</p>
      )}
      {trimmed && events.total > events.rows.length && (
        <p className={styles.hint}>
          {formatCount(events.total)} events match; the {events.rows.length} best matches are shown.{' '}
          <a
            href={listHref}
            onClick={(e) => {
              e.preventDefault()
              onDone()
              navigate(paths.events.list(), { state: searchState(trimmed) })
            }}
          >
            Show them all in the list
          </a>
        </p>
      )}
    </div>
  )
}
