import type { Event } from '@/api/schemas/event'
import { factsOf, isReminderDue, reminderTime, type EventFacts } from '../model/facts'

/*
 * The bell's reminders. A busy user's active events run to thousands (5,700 at 100,000 events,
 * 14,700 at 250,000), and their facts (five dates each) take tens of milliseconds to read: each
 * event's facts are kept with it (the same object across the bell's minutely refreshes, which
 * keep unchanged events), and the page reads a long list in slices (`dueRemindersInSlices`).
 */

/** Each event's facts as last read, with the completed status they were read with. */
const known = new WeakMap<Event, { completedStatus: string; facts: EventFacts }>()

function factsFor(event: Event, completedStatus: string): EventFacts {
  const held = known.get(event)
  if (held?.completedStatus === completedStatus) return held.facts
  const facts = factsOf(event, completedStatus)
  known.set(event, { completedStatus, facts })
  return facts
}

type Due = { event: Event; time: number }

function collect(event: Event, now: Date, completedStatus: string, due: Due[]) {
  const facts = factsFor(event, completedStatus)
  if (isReminderDue(facts, now)) due.push({ event, time: reminderTime(facts) ?? 0 })
}

const inOrder = (due: Due[]) =>
  due.sort((a, b) => a.time - b.time || a.event.event_ID - b.event.event_ID).map((d) => d.event)

/**
 * The reminders due now (the model's `isReminderDue`: reminder on, open, ringing at or before
 * `now`), oldest first (ties by event ID).
 */
export function dueReminders(events: readonly Event[], now: Date, completedStatus: string) {
  const due: Due[] = []
  for (const event of events) collect(event, now, completedStatus, due)
  return inOrder(due)
}

/** How often (in events) a sliced read looks at the clock. */
const CLOCK_EVERY = 64

/**
 * `dueReminders`, a slice of about `sliceMs` at a time with `pause()` between slices: the same
 * answer, without holding the page's thread in one task.
 */
export async function dueRemindersInSlices(
  events: readonly Event[],
  now: Date,
  completedStatus: string,
  pause: () => Promise<void>,
  sliceMs = 8,
): Promise<Event[]> {
  const due: Due[] = []
  let sliceStart = performance.now()
  for (let i = 0; i < events.length; i++) {
    collect(events[i]!, now, completedStatus, due)
    if (i % CLOCK_EVERY === CLOCK_EVERY - 1 && performance.now() - sliceStart > sliceMs) {
      await pause()
      sliceStart = performance.now()
    }
  }
  return inOrder(due)
}
