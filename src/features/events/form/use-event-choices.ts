import { byLocale } from '@/lib/format/format'
import { useMemo } from 'react'
import { useRuntimeConfig } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import type { Choice } from '@/lib/choices'
import { humanizeCode } from '../event-fields'
import { useIndexFacets } from '../index/use-event-index'

const fmt = byLocale((l) => new Intl.NumberFormat(l))
const used = (n: number) => (n === 1 ? '1 event' : `${fmt().format(n)} events`)

/** Known values first by how many events use them; the extra ones (defaults) after, unless used. */
function choices<T extends string | number>(
  counts: readonly [T, number][] | undefined,
  extra: readonly T[],
  label: (value: T) => string,
): Choice[] {
  const map = new Map<T, number>(counts ?? [])
  for (const v of extra) if (!map.has(v)) map.set(v, 0)
  return [...map]
    .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))
    .map(([value, n]) => ({
      value: String(value),
      label: label(value),
      ...(n > 0 ? { detail: used(n) } : {}),
    }))
}

/**
 * What the event pickers offer: types, statuses, users and groups in use across the database
 * (the event index), most used first, with labels; plus the given defaults.
 */
export function useEventChoices(
  defaults: { statuses?: string[]; types?: string[]; users?: string[]; groups?: number[] } = {},
) {
  const facets = useIndexFacets().data
  // People and groups by name (the directory), offered even before anyone holds an event.
  const directory = useDirectory()
  const statuses = defaults.statuses?.join('\u0000') ?? ''
  const types = defaults.types?.join('\u0000') ?? ''
  const users = defaults.users?.join('\u0000') ?? ''
  const groups = defaults.groups?.join(',') ?? ''
  return useMemo(
    () => ({
      types: choices(facets?.types, types ? types.split('\u0000') : [], (v) => humanizeCode(v)),
      statuses: choices(facets?.statuses, statuses ? statuses.split('\u0000') : [], (v) => v),
      users: choices(
        facets?.users,
        [...(users ? users.split('\u0000') : []), ...directory.people.map((p) => p.id)],
        directory.personLabel,
      ),
      groups: choices(
        facets?.groups,
        [...(groups ? groups.split(',').map(Number) : []), ...directory.groups.map((g) => g.key)],
        (v) => `${directory.groupName(v)} (${v})`,
      ),
    }),
    [facets, statuses, types, users, groups, directory],
  )
}

/**
 * The choices of the event form: the configured statuses (with the completed one) and types,
 * the values events hold, and the signed-in user.
 */
export function useFormChoices(me: string) {
  const { completedStatus, eventStatuses, eventTypes } = useRuntimeConfig()
  return useEventChoices({
    statuses: [...new Set([...eventStatuses, completedStatus])],
    types: eventTypes,
    users: [me],
  })
}
