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
})
