import { useDirectory } from '@/lib/directory'

/**
 * The directory's people as a `<datalist>` for an input where a person is typed (`list={id}`):
 * each offered by name, its value their user ID.
 */
export function PeopleList({ id }: { id: string }) {
  const { people } = useDirectory()
  return (
    <datalist id={id}>
      {people.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </datalist>
  )
}
