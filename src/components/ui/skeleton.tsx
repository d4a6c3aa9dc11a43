import styles from './skeleton.module.css'

interface SkeletonProps {
  /** Size and corners of the placeholder. */
  className?: string
  /** `span` inside text, `div` for blocks. */
  as?: 'div' | 'span'
}

/** A placeholder with the loading shimmer (still when the user asks for reduced motion). */
export function Skeleton({ className, as: Tag = 'div' }: SkeletonProps) {
  return <Tag className={className ? `${styles.skeleton} ${className}` : styles.skeleton} />
}
