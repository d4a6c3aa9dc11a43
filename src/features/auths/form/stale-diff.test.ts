import { describe, expect, it } from 'vitest'
import type { Auth } from '@/api/schemas/auth'
import { changedFields, overwriteWithMine, rebaseValues, staleChanges } from './stale-diff'

const auth = (over: Partial<Auth> & Record<string, unknown> = {}): Auth => ({
  auth_Number: '26-000001',
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  notes: 'Loaded',
  units_Approved: 10,
  assigned_User: 'dchen',
  update_Date: '2026-03-01T09:00:00',
  update_User: 'dchen',
  ...over,
})

describe('staleChanges', () => {
  it('lists the fields someone else changed, with their value and the one saving would write', () => {
    const base = auth()
    const latest = auth({
      units_Approved: 12,
      assigned_User: 'iwhite',
      update_Date: '2026-03-02T10:00:00',
      update_User: 'iwhite',
    })
    const mine = auth({ units_Approved: 14, notes: 'Mine' })
    expect(staleChanges(base, latest, mine)).toEqual([
      { field: 'units_Approved', theirs: 12, yours: 14, overwrites: true },
      { field: 'assigned_User', theirs: 'iwhite', yours: 'dchen', overwrites: true },
    ])
  })

  it('does not flag a field both sides set to the same value, nor the update stamps', () => {
    const base = auth()
    const latest = auth({ notes: 'Same', update_Date: '2026-03-05T00:00:00' })
    const mine = auth({ notes: 'Same' })
    expect(staleChanges(base, latest, mine)).toEqual([
      { field: 'notes', theirs: 'Same', yours: 'Same', overwrites: false },
    ])
  })

  it('sees fields the form does not know, added or cleared by the other save', () => {
    const base = auth({ cityCode_ID: 'X1' })
    const latest = auth({ cityCode_ID: null, custom_Flag: 'new' })
    const changes = staleChanges(base, latest, overwriteWithMine(base, latest, base))
    expect(changes.map((c) => [c.field, c.theirs, c.overwrites])).toEqual([
      ['cityCode_ID', null, false],
      ['custom_Flag', 'new', false],
    ])
  })

  it('treats null and a missing field as the same value', () => {
    expect(staleChanges(auth({ notes: null }), auth({ notes: undefined }), auth())).toEqual([])
  })
})

describe('overwriteWithMine', () => {
  it('keeps their changes where the user changed nothing and puts the user’s edits on top', () => {
    const base = auth()
    const latest = auth({ assigned_User: 'iwhite', units_Approved: 12 })
    const mine = auth({ units_Approved: 14 })
    const saved = overwriteWithMine(base, latest, mine)
    expect(saved.assigned_User).toBe('iwhite')
    expect(saved.units_Approved).toBe(14)
    expect(changedFields(base, mine)).toEqual({ units_Approved: 14 })
  })
})

describe('rebaseValues', () => {
  it('takes the newer value where it changed and keeps what the user typed elsewhere', () => {
    const baseValues = { notes: 'Loaded', units_Approved: '10', urgent: false }
    const latestValues = { notes: 'Loaded', units_Approved: '12', urgent: false }
    const current = { notes: 'Typed', units_Approved: '11', urgent: true }
    expect(rebaseValues(baseValues, latestValues, current)).toEqual({
      notes: 'Typed',
      units_Approved: '12',
      urgent: true,
    })
  })
})
