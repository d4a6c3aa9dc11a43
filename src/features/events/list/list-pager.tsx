import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { PAGE_SIZES } from './list-search'
import styles from './list-pager.module.css'

interface ListPagerProps {
  page: number
  size: number
  /** Rows on this page; the service gives no total, so a full page means there may be more. */
  rowCount: number
  /** Matching rows in all, when known (the index); otherwise a full page means there may be more. */
  total?: number | null
  loading: boolean
  onChange: (next: { page?: number; size?: number }) => void
}

/** Page size, previous and next. "Next" is offered while a page comes back full. */
export function ListPager({
  page,
  size,
  rowCount,
  total = null,
  loading,
  onChange,
}: ListPagerProps) {
  const sizeId = useId()
  const first = (page - 1) * size + 1
  const range = rowCount > 0 ? `rows ${first}–${first + rowCount - 1}` : 'no rows'
  const pages = total === null ? null : Math.max(1, Math.ceil(total / size))
  const hasNext = pages === null ? rowCount >= size : page < pages
  return (
    <div className={styles.pager}>
      <label htmlFor={sizeId} className={styles.inlineLabel}>
        Rows per page
      </label>
      <select
        id={sizeId}
        className={styles.select}
        value={size}
        onChange={(e) => onChange({ size: Number(e.target.value), page: 1 })}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <Button
        size="small"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onChange({ page: page - 1 })}
      >
        ‹ Previous
      </Button>
      <span className={styles.pageInfo} aria-live="polite">
        <span>
          Page {page}
          {pages !== null && ` of ${pages}`}
        </span>
        {!loading && <span className={styles.range}>{range}</span>}
      </span>
      <Button
        size="small"
        aria-label="Next page"
        disabled={loading || !hasNext}
        onClick={() => onChange({ page: page + 1 })}
      >
        Next ›
      </Button>
    </div>
  )
}
