/*
 * A fast first pass for word search over the index: every event's folded subject
 * (the model's `searchWords`) joined into one text, in the order of a sorted list, so one
 * `indexOf` walk finds the events whose subject holds a word, in that order, without a call per
 * event. It only narrows: the model's filter (`compileFilter`, `matchesSearch`) still decides
 * what matches, on the events it leaves.
 */

/** Between two subjects: a word typed with it in it is not looked up here (see `holding`). */
const SEPARATOR = '\u0000'

export interface TextScan {
  /**
   * The positions (in the order scanned) of the subjects holding `word`, ascending; null when
   * this scan cannot answer (an empty word, or one holding the separator): look at every event.
   */
  holding(word: string): number[] | null
}

export function createTextScan(subjects: readonly string[]): TextScan {
  const count = subjects.length
  const starts = new Int32Array(count + 1)
  let at = 0
  for (let i = 0; i < count; i++) {
    starts[i] = at
    at += subjects[i]!.length + 1
  }
  starts[count] = at
  const text = subjects.join(SEPARATOR)

  /** The subject holding text position `p`, searching from subject `from` on. */
  const subjectAt = (p: number, from: number) => {
    let [lo, hi] = [from, count - 1]
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= p) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  return {
    holding(word) {
      if (word === '' || word.includes(SEPARATOR)) return null
      const found: number[] = []
      let subject = 0
      for (let p = text.indexOf(word); p !== -1; p = text.indexOf(word, starts[subject + 1])) {
        subject = subjectAt(p, subject)
        found.push(subject)
        if (subject + 1 >= count) break
      }
      return found
    },
  }
}
