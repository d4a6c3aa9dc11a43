import { Dialog } from '@/components/ui/dialog'
import styles from './shortcuts-dialog.module.css'

export const SHORTCUTS: [keys: string[], what: string][] = [
  [['↓', 'j'], 'Next event (from the page: the first)'],
  [['↑', 'k'], 'Previous event'],
  [['Enter'], 'Open the event'],
  [['s'], 'Snooze the event: a number picks how long (1 is 15 minutes)'],
  [['c'], 'Mark the event complete'],
  [['a'], 'Assign the event to me'],
  [['e'], 'Edit the event'],
  [['x'], 'Select the event (the list); Shift+X extends the selection to it'],
  [['Tab'], "Go to the event's actions menu (Enter opens it)"],
  [['?'], 'Show these shortcuts'],
  [['Ctrl', 'Z'], 'Undo the last change that offered Undo (⌘Z on a Mac; not while typing)'],
  [['Ctrl', 'K'], 'Search everywhere'],
  [['Ctrl', 'Shift', 'L'], 'Lock the console now'],
]

/** The keyboard shortcuts of the event lists (opened with `?`). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <p className={styles.intro}>With an event focused in My events or the list:</p>
      <dl className={styles.list}>
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className={styles.row}>
            <dt>
              {keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && (keys[0] === 'Ctrl' ? '+' : ' or ')}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
