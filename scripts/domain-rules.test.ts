import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * What an event means (its title, its priority's rank, the start of a day, where it is placed)
 * is said once, in the event model (src/features/events/model/). This test reads every source
 * file of src/ outside the model (tests aside) and fails on code that says it again, naming the
 * file and line.
 *
 * KNOWN_VIOLATIONS lists, per rule, the files that still say it themselves. The list must be
 * exact: a file that breaks a rule and is not listed fails, and so does a listed file that no
 * longer breaks it (take it off the list). So the lists only shrink, to nothing once the views
 * use the model.
 */
const root = path.resolve(import.meta.dirname, '..')
const MODEL = 'src/features/events/model/'

interface DomainRule {
  name: string
  /** Where the rule belongs instead. */
  instead: string
  /** Matched against a whole file, so a pattern may span lines. */
  patterns: RegExp[]
  KNOWN_VIOLATIONS: string[]
  /** Code each pattern set must catch, and code it must leave alone (proves the patterns). */
  catches: string[]
  allows: string[]
}

const EVENT_DATE = String.raw`(?:start_Date|end_Date|due_Date|next_Scheduled_Date)`

const RULES: DomainRule[] = [
  {
    name: 'an event title with a fallback',
    instead: 'the model’s event title',
    patterns: [/\bsubject\b[^\n]*(?:\|\||\?\?)\s*['"`](?:Untitled|Event )/g, /\bUntitled event\b/g],
    KNOWN_VIOLATIONS: [],
    catches: [
      "const name = event.subject || 'Untitled event'",
      'const t = e.subject?.trim() || `Event ${e.event_ID}`',
      'description: saved.subject ?? `Event ${saved.event_ID}`',
      '{event.subject ? <b>{event.subject}</b> : <em>Untitled event</em>}',
    ],
    allows: ['const title = eventTitle(event)', 'description={`Event ${id}. Fields are kept.`}'],
  },
  {
    name: 'a priority ranking',
    instead: 'the model’s priority rank',
    patterns: [
      /\b(?:priorityOrder|priorities)\.(?:indexOf|findIndex|lastIndexOf)\(/g,
      /new Map\(\s*[\w.]*priorit\w*\.map\(\s*\(\s*\w+\s*,\s*\w+\s*\)/gi,
      /\bpriorities\.length\s*-/g,
    ],
    KNOWN_VIOLATIONS: [],
    catches: [
      'const i = options.priorityOrder.indexOf(event.priority)',
      'const index = priorities.findIndex((p) => p.option_Key === key)',
      'const rank = new Map(priorities.map((p, i) => [String(p.option_Key), i]))',
      'let rank = new Map(options.priorityOrder.map((code, i) => [code, i]))',
      'return fromTop < 0 ? 0 : priorities.length - fromTop',
    ],
    allows: [
      'const rank = priorityRank(event.priority, priorities)',
      'const names = priorities.map((p) => p.display)',
    ],
  },
  {
    name: 'a start of day',
    instead: 'the model’s start of day',
    patterns: [
      /new Date\(\s*([\w.]+)\.getFullYear\(\)\s*,\s*\1\.getMonth\(\)\s*,\s*\1\.getDate\(\)(?:\s*[+-]\s*[\w.]+)?\s*,?\s*\)/g,
      /\.setHours\(\s*0\s*,\s*0\b/g,
    ],
    KNOWN_VIOLATIONS: [],
    catches: [
      'return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days)',
      'const d = new Date(\n  now.getFullYear(),\n  now.getMonth(),\n  now.getDate(),\n)',
      'day.setHours(0, 0, 0, 0)',
    ],
    allows: [
      'const moved = new Date(d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours())',
      'const first = new Date(date.getFullYear(), date.getMonth(), 1)',
      'const same = a.getFullYear() === b.getFullYear()',
    ],
  },
  {
    name: 'an event placement',
    instead: 'the model’s placement (which of an event’s dates puts it where)',
    patterns: [
      /\b(?:function\s+place[A-Z]\w*|const\s+place[A-Z]\w*\s*=\s*(?:\(|function\b))/g,
      new RegExp(
        String.raw`\b\w+\.${EVENT_DATE}\)?\s*(?:\?\?|\|\|)\s*(?:parseServiceDate\()?\w+\.${EVENT_DATE}\b`,
        'g',
      ),
    ],
    KNOWN_VIOLATIONS: [],
    catches: [
      'export function placeEvent(event: Event, mode: Placement) {',
      'const placeAll = (events: Event[]) => events.map(where)',
      'const when = event.due_Date ?? event.next_Scheduled_Date',
      'return parseServiceDate(event.due_Date) ?? parseServiceDate(event.next_Scheduled_Date)',
    ],
    allows: [
      'const placed = placeEvent(event, mode)',
      'const due = parseServiceDate(event.due_Date)',
      "const when = event.due_Date ?? ''",
    ],
  },
]

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length

/** `file:line` of every match of the rule's patterns, outside the model. */
function violations(rule: DomainRule, files: readonly string[]) {
  const found: { file: string; at: string }[] = []
  for (const file of files) {
    if (file.startsWith(MODEL)) continue
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const pattern of rule.patterns) {
      for (const m of text.matchAll(pattern)) {
        found.push({ file, at: `${file}:${lineOf(text, m.index)}: ${m[0].split('\n')[0]}` })
      }
    }
  }
  return found
}

const matches = (rule: DomainRule, code: string) =>
  rule.patterns.some((p) => [...code.matchAll(p)].length > 0)

describe('the domain rules are said once, in the event model', () => {
  const files = sourceFiles('src')

  for (const rule of RULES) {
    it(`has no ${rule.name} outside ${MODEL} but the known files`, () => {
      const found = violations(rule, files)
      const unknown = found.filter((v) => !rule.KNOWN_VIOLATIONS.includes(v.file)).map((v) => v.at)
      expect(unknown, `use ${rule.instead} instead of:\n${unknown.join('\n')}`).toEqual([])
      const still = new Set(found.map((v) => v.file))
      const cleared = rule.KNOWN_VIOLATIONS.filter((file) => !still.has(file))
      expect(cleared, 'no longer breaks the rule: remove from KNOWN_VIOLATIONS').toEqual([])
    })

    it(`recognises ${rule.name}`, () => {
      expect(rule.catches.filter((code) => !matches(rule, code))).toEqual([])
      expect(rule.allows.filter((code) => matches(rule, code))).toEqual([])
    })
  }

  it('reads the real source (the walk finds the files the lists name)', () => {
    for (const rule of RULES) {
      expect(files).toEqual(expect.arrayContaining(rule.KNOWN_VIOLATIONS))
    }
  })
})
