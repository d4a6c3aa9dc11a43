import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { gatherSecrets, type Terminal } from './secrets'

/** A terminal whose keys are typed by the test; what the doctor writes to it is kept. */
function fakeTerminal(keys: string[]) {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    rawModes: [] as boolean[],
    setRawMode(raw: boolean) {
      this.rawModes.push(raw)
      return this
    },
  })
  let shown = ''
  const output = new PassThrough()
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString()
    // Answer each question once it is asked.
    if (/: $/.test(shown) && keys.length > 0) setImmediate(() => input.write(keys.shift()))
  })
  return { terminal: { input, output } as Terminal, shown: () => shown, input }
}

describe('doctor secrets', () => {
  it('takes them from the environment, a pasted token without "Bearer "', async () => {
    const { terminal } = fakeTerminal([])
    expect(
      await gatherSecrets({ DOCTOR_API_KEY: 'k', DOCTOR_TOKEN: 'Bearer abc.def.ghi' }, terminal),
    ).toEqual({
      ok: true,
      secrets: { apiKey: 'k', token: 'abc.def.ghi' },
    })
  })

  it('asks on a terminal, the API key and password without echo (backspace works)', async () => {
    const fake = fakeTerminal(['key-123\r', 'admin\r', 'Sandbox!20266\u007f\r'])
    const result = await gatherSecrets({}, fake.terminal)
    expect(result).toEqual({
      ok: true,
      secrets: { apiKey: 'key-123', username: 'admin', password: 'Sandbox!2026' },
    })
    expect(fake.shown()).toContain('API key: ')
    expect(fake.shown()).toContain('Password for admin: ')
    expect(fake.shown()).not.toContain('key-123')
    expect(fake.shown()).not.toContain('Sandbox!2026')
    // Raw mode while a hidden answer is typed, and off once the questions are over.
    expect(fake.input.rawModes.filter(Boolean).length).toBeGreaterThanOrEqual(2)
    expect(fake.input.rawModes.at(-1)).toBe(false)
  })

  it('cancels on Ctrl-C', async () => {
    const fake = fakeTerminal(['\u0003'])
    expect(await gatherSecrets({}, fake.terminal)).toEqual({ ok: false, message: 'Cancelled.' })
  })
})
