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
    return {
      people: directory.people,
      groups: directory.groups,
      personName: (id: string) => people.get(id) || id,
      groupName: (key: number) => groups.get(key) || `Group ${key}`,
      /** "Julia Martinez (jmartinez)" where the name is known; the ID alone otherwise. */
      personLabel: (id: string) => (people.get(id) ? `${people.get(id)} (${id})` : id),
    }
  }, [directory])
}
