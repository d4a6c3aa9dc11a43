import { describe, expect, it } from 'vitest'
import { isKnownChoice, normaliseChoice } from './choices'

const types = [
  { value: 'TASK', label: 'Task' },
  { value: 'FOLLOW_UP', label: 'Follow up' },
  { value: 'Open', label: 'Open' },
]

describe('picker choices', () => {
  it('normalise a typed value to the known one in another case', () => {
    expect(normaliseChoice('task', types)).toBe('TASK')
    expect(normaliseChoice('  Follow_Up ', types)).toBe('FOLLOW_UP')
    expect(normaliseChoice('OPEN', types)).toBe('Open')
  })

  it('keep a new value as typed (trimmed), and nothing as nothing', () => {
    expect(normaliseChoice(' Audit-2 ', types)).toBe('Audit-2')
    expect(normaliseChoice('   ', types)).toBe('')
    expect(isKnownChoice('tAsK', types)).toBe(true)
    expect(isKnownChoice('TASKS', types)).toBe(false)
  })

  it('take a label typed for its value, where one choice alone has it', () => {
    expect(normaliseChoice('follow UP', types)).toBe('FOLLOW_UP')
    const groups = [
      { value: '1', label: 'Utilization review (1)' },
      { value: '2', label: 'Claims audit (2)' },
      { value: '3', label: 'Claims audit (3)' },
    ]
    expect(normaliseChoice('utilization review', groups)).toBe('1')
    expect(normaliseChoice('Utilization review (1)', groups)).toBe('1')
    // Two groups of one name: neither is guessed.
    expect(normaliseChoice('Claims audit', groups)).toBe('Claims audit')
    expect(isKnownChoice('Claims audit', groups)).toBe(false)
  })
})
