import { describe, expect, it } from 'vitest'
import { eventIndexOf, runtimeConfigSchema } from './runtime-config'

describe('who answers the views’ event questions (eventIndexOf)', () => {
  const read = (json: object) => eventIndexOf(runtimeConfigSchema.parse(json))
  it('is the console server only where there is one and the config says so', () => {
    expect(read({})).toBe('browser')
    expect(read({ eventIndex: 'server' })).toBe('browser')
    expect(read({ consoleServer: '/console-api/' })).toBe('browser')
    expect(read({ consoleServer: '/console-api/', eventIndex: 'server' })).toBe('server')
    expect(read({ consoleServer: '/console-api/', eventIndex: 'browser' })).toBe('browser')
    expect(() => runtimeConfigSchema.parse({ eventIndex: 'cloud' })).toThrow()
  })
})
