import styles from './skeleton.module.css'

interface SkeletonProps {
  /** Size and corners of the placeholder. */
  className?: string
  /** `span` inside text, `div` for blocks. */
  as?: 'div' | 'span'
}

/**
 * A placeholder with the loading shimmer (still when the user asks for reduced motion). It is
 * only a shape, hidden from assistive technology: the page says "Loading…" in words beside it.
 */
export function Skeleton({ className, as: Tag = 'div' }: SkeletonProps) {
  return (
    <Tag
      className={className ? `${styles.skeleton} ${className}` : styles.skeleton}
      aria-hidden="true"
    />
  )
}
