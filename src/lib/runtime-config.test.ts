import { describe, expect, it } from 'vitest'
import { eventIndexOf, runtimeConfigSchema } from './runtime-config'

describe('who answers the views’ event questions (eventIndexOf)', () => {
  const read = (json: object) => eventIndexOf(runtimeConfigSchema.parse(json))
  it('is the console server wherever there is one, unless the config asks for the tab', () => {
    expect(read({})).toBe('browser')
    expect(read({ eventIndex: 'server' })).toBe('browser')
    expect(read({ consoleServer: '/console-api/' })).toBe('server')
    expect(read({ consoleServer: '/console-api/', eventIndex: 'server' })).toBe('server')
    expect(read({ consoleServer: '/console-api/', eventIndex: 'browser' })).toBe('browser')
    expect(() => runtimeConfigSchema.parse({ eventIndex: 'cloud' })).toThrow()
  })
})
