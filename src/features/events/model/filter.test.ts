import { describe, expect, it } from 'vitest'
import {
  compileFilter,
  eventSearchRank,
  foldText,
  SEARCH_RANK,
  searchQuery,
  searchRank,
  searchWords,
} from './filter'
import { factsOf } from './facts'
import { SEARCH_EVENTS, SEARCH_TYPED } from './filter-cases'

const { exact, wordStarts, inside } = SEARCH_RANK

describe('foldText', () => {
  it('drops case and accents, so an accented word is found without them', () => {
    expect(foldText('José Núñez')).toBe('jose nunez')
    expect(foldText('CRÈME brûlée')).toBe('creme brulee')
    expect(foldText('Ærø Ångström')).toBe('ærø angstrom')
    // Composed and decomposed spellings fold alike.
    expect(foldText('Jose\u0301')).toBe(foldText('Jos\u00e9'))
    expect(foldText('Review the APPEAL')).toBe('review the appeal')
  })
})

describe('searchRank', () => {
  const rank = (subject: string, typed: string) => searchRank(foldText(subject), typed)

  it('ranks the whole subject first, then words at word starts, then words inside', () => {
    expect(rank('Quarterly review', 'quarterly review')).toBe(exact)
    expect(rank('Quarterly  review ', 'QUARTERLY review')).toBe(exact)
    expect(rank('Quarterly review with Acme', 'quarterly review')).toBe(wordStarts)
    expect(rank('Review the appeal', 'rev app')).toBe(wordStarts)
    expect(rank('Follow-up on appeal', 'up')).toBe(wordStarts)
    expect(rank('Renewal meeting', 'new')).toBe(inside)
    expect(rank('Renewal meeting', 'meet new')).toBe(inside)
    expect(rank('New event', 'new')).toBe(wordStarts)
  })

  it('matches only when every word is inside, in any case and with any accents', () => {
    expect(rank('Call José about the appeal', 'jose appeal')).toBe(wordStarts)
    expect(rank('Call Jose about the appeal', 'JOSÉ')).toBe(wordStarts)
    expect(rank('José', 'jose')).toBe(exact)
    expect(rank('Renewal meeting', 'new lunch')).toBeNull()
    expect(rank('', 'x')).toBeNull()
  })

  it('an event ID typed is exact, and the filter matches exactly what has a rank', () => {
    const subjects = SEARCH_EVENTS.map((e) => ({
      event: e,
      facts: factsOf(e, 'Completed'),
      words: searchWords(e),
    }))
    for (const typed of SEARCH_TYPED) {
      const q = searchQuery(typed)
      const matches = compileFilter({ text: typed }, new Date(2026, 0, 1))
      for (const s of subjects)
        expect(matches(s), `${typed} / ${s.event.subject}`).toBe(eventSearchRank(s, q) !== null)
    }
    const q = searchQuery('7')
    expect(subjects.map((s) => eventSearchRank(s, q))).toEqual([
      exact,
      wordStarts,
      wordStarts,
      null,
    ])
  })
})
