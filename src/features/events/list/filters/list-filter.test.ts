import { describe, expect, it } from 'vitest'
import type { EventFilter } from '../../model/filter'
import {
  EMPTY_FILTER,
  FILTER_PARAMS,
  LIST_FILTERS,
  activeFilterCount,
  parseListFilter,
  toIndexFilter,
  writeListFilter,
  type ListFilter,
  type ListFilterDescriptor,
} from './list-filter'

/*
 * Every descriptor of `LIST_FILTERS`, whatever it is: a new filter is held to the same rules
 * without a line added here.
 */
const descriptors = Object.entries(LIST_FILTERS) as [string, ListFilterDescriptor<object>][]
const me = { userId: 'staff', groups: [2, 5] }
/** Every filter set to its example at once. */
const every = Object.assign(
  {},
  EMPTY_FILTER,
  ...descriptors.map(([, d]) => d.example),
) as ListFilter
const alone = (example: object) => ({ ...EMPTY_FILTER, ...example }) as ListFilter

const written = (filter: ListFilter) => {
  const params = new URLSearchParams()
  writeListFilter(params, filter)
  return params
}

/** The conditions an index filter sets: what the model's `compileFilter` tests. */
const conditions = (filter: EventFilter) =>
  Object.entries(filter)
    .filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)

describe('LIST_FILTERS', () => {
  it('owns its URL parameters alone', () => {
    expect(new Set(FILTER_PARAMS).size).toBe(FILTER_PARAMS.length)
    for (const [name, d] of descriptors) {
      const params = new URLSearchParams()
      d.write(every, params)
      for (const key of params.keys()) expect(d.keys, name).toContain(key)
    }
  })

  it('reads back what it writes, with every other filter set', () => {
    const params = written(every)
    expect(parseListFilter(params)).toEqual(every)
    for (const [name, d] of descriptors) expect(d.parse(params), name).toEqual(d.example)
  })

  it('reads back what it writes alone, when it is set alone', () => {
    for (const [name, d] of descriptors) {
      const filter = alone(d.example)
      // "Not" qualifies other filters: it is never set alone, and is written only with them.
      if (!d.active(filter)) continue
      expect(parseListFilter(written(filter)), name).toEqual(filter)
    }
  })

  it('is not set by default, and writes nothing then', () => {
    for (const [name, d] of descriptors) expect(d.active(EMPTY_FILTER), name).toBe(false)
    expect(activeFilterCount(EMPTY_FILTER)).toBe(0)
    expect(written(EMPTY_FILTER).toString()).toBe('')
    expect(parseListFilter(new URLSearchParams('bogus=1'))).toEqual(EMPTY_FILTER)
  })

  it('adds a condition to the index filter when set', () => {
    const none = conditions(toIndexFilter(EMPTY_FILTER, '', me))
    expect(none).toEqual([])
    for (const [name, d] of descriptors) {
      const filter = alone(d.example)
      if (!d.active(filter)) continue
      const added = conditions(toIndexFilter(filter, '', me))
      expect(added.length, name).toBeGreaterThan(0)
    }
  })

  it('counts each filter set once', () => {
    const set = descriptors.filter(([, d]) => d.active(every)).length
    expect(activeFilterCount(every)).toBe(set)
    expect(set).toBe(descriptors.length - 1)
  })
})
