import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The documents read once and stand alone: no paragraph or list item said twice (a merge that
 * kept two copies), and nothing that cites the tracker ("issue 23"): the repository is read by
 * people who never saw the issues.
 */
const root = path.resolve(import.meta.dirname, '..')

/** Paragraphs and list items of a Markdown text (code, tables and headings left out), folded. */
export function passages(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '')
  const out: string[] = []
  for (const block of prose.split(/\n\s*\n/)) {
    // A list item runs to the next item of the same list.
    for (const item of block.split(/\n(?=\s*(?:[-*]|\d+\.)\s)/)) {
      const text = item.replace(/\s+/g, ' ').trim()
      if (text.length >= 80 && !text.startsWith('|') && !text.startsWith('#')) out.push(text)
    }
  }
  return out
}

/** Runs of six words of a passage, lower case: what two copies of one text share. */
const shingles = (text: string) => {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const out = new Set<string>()
  for (let i = 0; i + 6 <= words.length; i++) out.add(words.slice(i, i + 6).join(' '))
  return out
}

/**
 * Passages said twice: the same, or most of one standing again in another (a copy edited a
 * little, or cut in the middle): half the six-word runs of the shorter one found in the other.
 */
export function repeated(markdown: string): string[] {
  const all = passages(markdown)
  const runs = all.map(shingles)
  const out: string[] = []
  for (let i = 0; i < all.length; i++)
    for (let j = 0; j < i; j++) {
      const [a, b] = runs[i]!.size <= runs[j]!.size ? [runs[i]!, runs[j]!] : [runs[j]!, runs[i]!]
      const shared = [...a].filter((r) => b.has(r)).length
      if (all[i] === all[j] || (a.size >= 4 && shared * 2 >= a.size)) {
        out.push(all[i]!)
        break
      }
    }
  return out
}

const tracked = () =>
  execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !f.endsWith('package-lock.json') && !/\.(png|jpe?g|ico|gz|br)$/.test(f))

describe('the documents', () => {
  it.each(['README.md', 'docs/architecture.md', 'BENCHMARKS.md'])(
    '%s says nothing twice',
    (doc) => {
      expect(repeated(readFileSync(path.join(root, doc), 'utf8'))).toEqual([])
    },
  )

  it('would catch a repeated paragraph or list item', () => {
    const para =
      'A paragraph long enough to count as one, about the console, its many events and its auths.'
    expect(repeated(`${para}\n\n${para}\n`)).toEqual([para])
    expect(repeated(`- ${para}\n- other item\n\n- ${para}\n`)).toEqual([`- ${para}`])
    // A copy edited a little is a copy; two passages on one theme are not.
    expect(repeated(`${para}\n\n${para} And a little more said after it.\n`)).toHaveLength(1)
    const other =
      'Another paragraph about the console, which says something else entirely of its many events.'
    expect(repeated(`${para}\n\n${other}\n`)).toEqual([])
  })

  it('no file of the repository cites an issue by number', () => {
    const cites = /\bissues? #?\d+\b/i
    const found = tracked().filter((f) => {
      if (f === 'scripts/docs-text.test.ts') return false
      try {
        return cites.test(readFileSync(path.join(root, f), 'utf8'))
      } catch {
        return false
      }
    })
    expect(found).toEqual([])
    expect(cites.test('as issue 23 said')).toBe(true)
    expect(cites.test('an issue of the service')).toBe(false)
  })
})
