import { useMemo } from 'react'
import { useRuntimeConfig } from './app-context'

/**
 * People and user groups by name, from `config.json`'s `directory` (the service has none): a
 * person not listed is shown by ID, a group as "Group 3".
 */
export function useDirectory() {
  const { directory } = useRuntimeConfig()
  return useMemo(() => {
    const people = new Map(directory.people.map((p) => [p.id, p.name]))
    const groups = new Map(directory.groups.map((g) => [g.key, g.name]))
    const ids = directory.people.map((p) => p.id)
    const personName = (id: string) => people.get(id) || id
    return {
      people: directory.people,
      groups: directory.groups,
      personName,
      /** The user ID a typed name or ID stands for (see `userIdFor`). */
      userIdOf: (typed: string) => userIdFor(typed, ids, personName),
      /** The listed people a typed text names, best first (see `findPeople`). */
      findPeople: (typed: string) => findPeople(typed, ids, personName),
      groupName: (key: number) => groups.get(key) || `Group ${key}`,
      /** "Julia Martinez (jmartinez)" where the name is known; the ID alone otherwise. */
      personLabel: (id: string) => (people.get(id) ? `${people.get(id)} (${id})` : id),
      /** Who a record is assigned to by name: its user, else its group; null for nobody. */
      assigneeName: (a: { user_ID?: string | null; userGroup_Key?: number | null }) =>
        a.user_ID
          ? people.get(a.user_ID) || a.user_ID
          : a.userGroup_Key != null
            ? groups.get(a.userGroup_Key) || `Group ${a.userGroup_Key}`
            : null,
    }
  }, [directory])
}

/** Text as people are searched by: any case, any accents ("jose" finds "José"). */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()

const namedExactly = (typed: string, ids: readonly string[], nameOf: (id: string) => string) =>
  ids.filter((id) => [id, nameOf(id), `${nameOf(id)} (${id})`].some((t) => folded(t) === typed))

/**
 * The user ID a typed text stands for, where a value is written: the ID of the one person whose
 * ID, name or "Name (id)" it is exactly; else the text as typed (an ID the directory does not
 * list). Never a guess from part of a name.
 */
export function userIdFor(text: string, ids: readonly string[], nameOf: (id: string) => string) {
  const typed = text.trim()
  const exact = namedExactly(folded(typed), ids, nameOf)
  return exact.length === 1 ? exact[0]! : typed
}

/**
 * The people a typed text names, best first: one whose ID, name or "Name (id)" it is exactly;
 * else every person a word of whose name or ID starts with each typed word ("Peter", "thom",
 * "pe th" all find Peter Thomas).
 */
export function findPeople(
  text: string,
  ids: readonly string[],
  nameOf: (id: string) => string,
): string[] {
  const typed = folded(text)
  if (!typed) return []
  const exact = namedExactly(typed, ids, nameOf)
  if (exact.length > 0) return exact
  const words = typed.split(/\s+/)
  return ids.filter((id) => {
    const theirs = folded(`${nameOf(id)} ${id}`).split(/[\s().@_-]+/)
    return words.every((w) => theirs.some((t) => t.startsWith(w)))
  })
}
