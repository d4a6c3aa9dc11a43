import { describe, expect, it } from 'vitest'
// @ts-expect-error: plain JS, runs on any Node before the project's toolchain can
import { satisfies, supportedRange } from './check-node.mjs'

const v = (text: string) => text.split('.').map(Number)

describe('the Node versions npm start and npm test accept', () => {
  const range = supportedRange() as string
  it.each([
    ['20.20.2', false],
    ['22.13.0', false], // node:sqlite is there, but jsdom 31 crashes the DOM tests
    ['22.22.2', true],
    ['23.11.0', false],
    ['24.14.9', false],
    ['24.15.0', true],
    ['24.21.0', true],
    ['25.1.0', false],
    ['26.0.0', true],
  ])('%s: %s', (version, ok) => {
    expect(satisfies(v(version), range)).toBe(ok)
  })

  it('is the range of every dependency that states one it cares about (jsdom)', async () => {
    const { readFileSync } = await import('node:fs')
    const jsdom = JSON.parse(readFileSync('node_modules/jsdom/package.json', 'utf8')) as {
      engines: { node: string }
    }
    expect(range).toBe(jsdom.engines.node)
  })

  it('refuses a range it cannot read instead of letting every version through', () => {
    expect(() => satisfies(v('24.0.0'), '~24.1')).toThrow(/cannot read/)
  })
})

describe('the commands that check it first', () => {
  it('npm start, dev, preview, test and sandbox run the check before anything else', async () => {
    const { readFileSync } = await import('node:fs')
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>
    }
    for (const name of ['start', 'dev', 'preview', 'test', 'sandbox'])
      expect(scripts[`pre${name}`], name).toBe('node scripts/check-node.mjs')
  })
})
