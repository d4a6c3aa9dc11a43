import { describe, expect, it } from 'vitest'
import { parseEventListSearch } from '../list-search'
import {
  copyName,
  deleteView,
  localView,
  serverListView,
  viewState,
  isCurrentView,
  parseViews,
  readViews,
  saveView,
  viewSearch,
  viewSearchParams,
  viewsStorageKey,
  writeViews,
  type SavedView,
} from './saved-views'

/** A Storage over a Map, like the browser's (and one that refuses writes). */
function memoryStorage(refuse = false): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => {
      if (refuse) throw new DOMException('full', 'QuotaExceededError')
      map.set(k, v)
    },
  }
}

const search = (query: string) => parseEventListSearch(new URLSearchParams(query))
const now = new Date('2026-03-14T09:30:00Z')

describe('saved views', () => {
  it('are kept per database and user', () => {
    expect(viewsStorageKey('demo', 'staff')).toBe('bac.views.demo.staff')
    expect(viewsStorageKey('training', 'staff')).not.toBe(viewsStorageKey('demo', 'staff'))
  })

  it('save the sort, page size and columns, not the page', () => {
    const [view] = saveView(
      [],
      ' Urgent first ',
      search('page=4&size=100&sort=priority:desc&cols=subject,status'),
      now,
    )
    expect(view).toMatchObject({
      name: 'Urgent first',
      sort: 'priority:desc',
      size: 100,
      columns: ['subject', 'status'],
      savedAt: '2026-03-14T09:30:00.000Z',
    })
    expect(viewSearch(view!)).toEqual({
      ...search('size=100&sort=priority:desc&cols=subject,status'),
    })
    expect(viewSearchParams(view!).get('page')).toBeNull()
  })

  it('replace a view of the same name (any case) in place, keeping its calendar filters', () => {
    const calendar = { view: 'week', priority: ['HIGH'] }
    const first: SavedView[] = [
      { ...saveView([], 'Mine', search(''), now)[0]!, calendar },
      ...saveView([], 'Other', search(''), now),
    ]
    const next = saveView(first, 'MINE', search('sort=subject:asc'), now)
    expect(next).toHaveLength(2)
    expect(next[0]).toMatchObject({ id: first[0]!.id, name: 'MINE', sort: 'subject:asc', calendar })
  })

  it('round-trip through storage, and deleting the last one removes the key', () => {
    const storage = memoryStorage()
    const key = viewsStorageKey('demo', 'staff')
    const views = saveView([], 'A', search('size=50'), now)
    writeViews(storage, key, views)
    expect(readViews(storage, key)).toEqual(views)
    writeViews(storage, key, deleteView(views, views[0]!.id))
    expect(storage.getItem(key)).toBeNull()
  })

  it('read broken or foreign data as no views, dropping only the bad entries', () => {
    expect(parseViews('not json')).toEqual([])
    expect(parseViews('{"a":1}')).toEqual([])
    const good = saveView([], 'Good', search(''), now)[0]!
    expect(parseViews(JSON.stringify([{ name: 'no id' }, good]))).toEqual([good])
    // A field of the wrong type falls back instead of losing the view.
    expect(parseViews(JSON.stringify([{ ...good, size: 'big' }]))[0]?.size).toBe(25)
  })

  it('surface a refused write to the caller', () => {
    expect(() => writeViews(memoryStorage(true), 'k', saveView([], 'A', search(''), now))).toThrow()
  })

  it('know whether the list shows them, on any page', () => {
    const [view] = saveView([], 'A', search('sort=subject:asc&size=50'), now)
    expect(isCurrentView(view!, search('sort=subject:asc&size=50&page=3'))).toBe(true)
    expect(isCurrentView(view!, search('sort=subject:desc&size=50'))).toBe(false)
  })

  it('open with defaults for whatever is no longer valid', () => {
    const view: SavedView = {
      id: 'x',
      name: 'Old',
      sort: 'gone:asc',
      size: 7,
      columns: [],
      savedAt: '',
    }
    expect(viewSearch(view)).toEqual(search(''))
  })

  it('read from the server keep whose they are; what the list cannot read is defaulted', () => {
    const [view] = saveView([], 'Urgent', search('sort=priority:desc&size=50&pri=HIGH'), now)
    const kept = {
      id: '7',
      name: 'Urgent',
      ownerId: 'staff',
      ownerName: 'Sam Staff',
      owned: false,
      state: viewState(view!),
      sharing: { with: 'group' as const, groupId: 3 },
      updatedAt: '2026-03-14T10:00:00.000Z',
    }
    const read = serverListView(kept)
    expect(read).toMatchObject({ id: '7', owned: false, ownerName: 'Sam Staff', sort: view!.sort })
    expect(viewSearch(read!)).toEqual(viewSearch(view!))
    expect(serverListView({ ...kept, name: '' })).toBeNull()
    expect(serverListView({ ...kept, state: 'junk' })).toMatchObject({ sort: '', columns: [] })
    expect(
      serverListView({ ...kept, state: { sort: 'x', size: 25, columns: 'no' } }),
    ).toMatchObject({
      columns: [],
    })
  })

  it('copy under a name none of the user’s own views has', () => {
    const mine = saveView([], 'Urgent (copy)', search(''), now).map(localView)
    const theirs = { ...localView(saveView([], 'Urgent', search(''), now)[0]!), owned: false }
    expect(copyName([theirs], 'Urgent')).toBe('Urgent (copy)')
    expect(copyName([theirs, ...mine], 'Urgent')).toBe('Urgent (copy 2)')
    expect(copyName([], 'x'.repeat(60))).toHaveLength(60)
  })
})
