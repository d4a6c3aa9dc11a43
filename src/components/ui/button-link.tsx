import { Link, type LinkProps } from 'react-router'
import styles from './button.module.css'
import linkStyles from './button-link.module.css'

interface ButtonLinkProps extends LinkProps {
  variant?: 'default' | 'primary' | 'ghost'
  size?: 'medium' | 'small'
}

/** A link to another page that looks like a button (navigation stays a link for assistive tech). */
export function ButtonLink({
  variant = 'default',
  size = 'medium',
  className,
  ...rest
}: ButtonLinkProps) {
  const classes = [
    styles.button,
    linkStyles.link,
    variant !== 'default' && styles[variant],
    size === 'small' && styles.small,
    className,
  ]
    .filter(Boolean)
    .join(' ')
  return <Link className={classes} {...rest} />
}
