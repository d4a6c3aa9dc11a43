import { Button } from '@/components/ui/button'
import panels from '../toolbar-panels.module.css'

/** "Any status": clears a filter's chosen values, shown while any are chosen. */
export function AnyValueButton({
  title,
  chosen,
  onClear,
}: {
  title: string
  chosen: readonly unknown[]
  onClear: () => void
}) {
  if (chosen.length === 0) return null
  return (
    <div className={panels.panelActions}>
      <Button size="small" onClick={onClear}>
        Any {title.toLowerCase()}
      </Button>
    </div>
  )
}
