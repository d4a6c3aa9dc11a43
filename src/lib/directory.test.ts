import { describe, expect, it } from 'vitest'
import { findPeople, userIdFor } from './directory'

const names: Record<string, string> = {
  pthomas: 'Peter Thomas',
  plin: 'Pete Lin',
  jmartinez: 'José Martínez',
  orossi: 'Olivia Rossi',
}
const ids = Object.keys(names)
const nameOf = (id: string) => names[id] ?? id

describe('findPeople', () => {
  it('finds a person by first or last name, any case or accent', () => {
    expect(findPeople('Peter', ids, nameOf)).toEqual(['pthomas'])
    expect(findPeople('thomas', ids, nameOf)).toEqual(['pthomas'])
    expect(findPeople('jose', ids, nameOf)).toEqual(['jmartinez'])
    expect(findPeople('MARTINEZ', ids, nameOf)).toEqual(['jmartinez'])
    expect(findPeople('pe th', ids, nameOf)).toEqual(['pthomas'])
  })

  it('an ID, a whole name or "Name (id)" is exact, even where others start alike', () => {
    expect(findPeople('plin', ids, nameOf)).toEqual(['plin'])
    expect(findPeople('Pete Lin', ids, nameOf)).toEqual(['plin'])
    expect(findPeople('Peter Thomas (pthomas)', ids, nameOf)).toEqual(['pthomas'])
  })

  it('gives every match when a text names several, and none for no one', () => {
    expect(findPeople('pete', ids, nameOf)).toEqual(['pthomas', 'plin'])
    expect(findPeople('Nobody', ids, nameOf)).toEqual([])
    expect(findPeople('  ', ids, nameOf)).toEqual([])
  })
})

describe('userIdFor', () => {
  it('writes the ID of the one person a whole name, ID or "Name (id)" names', () => {
    expect(userIdFor('Pete Lin', ids, nameOf)).toBe('plin')
    expect(userIdFor(' josé martínez ', ids, nameOf)).toBe('jmartinez')
    expect(userIdFor('Olivia Rossi (orossi)', ids, nameOf)).toBe('orossi')
    expect(userIdFor('PTHOMAS', ids, nameOf)).toBe('pthomas')
  })

  it('never guesses from part of a name: the text goes as typed', () => {
    expect(userIdFor('Peter', ids, nameOf)).toBe('Peter')
    expect(userIdFor('kwong', ids, nameOf)).toBe('kwong')
    expect(userIdFor('', ids, nameOf)).toBe('')
  })
})
