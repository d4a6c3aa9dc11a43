import { useState } from 'react'
import { Button } from '@/components/ui/button'

type Theme = 'light' | 'dark'

const THEME_KEY = 'bac.theme'

/** The theme the page starts with: this tab's choice, else the system's. */
export function initialTheme(): Theme {
  const saved = sessionStorage.getItem(THEME_KEY)
  if (saved === 'light' || saved === 'dark') return saved
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme
}

/** Switches light and dark; the choice is kept for this tab (sessionStorage). */
export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useState<Theme>(() => initialTheme())
  const next: Theme = theme === 'dark' ? 'light' : 'dark'
  return (
    <Button
      size="small"
      variant="ghost"
      className={className}
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        applyTheme(next)
        sessionStorage.setItem(THEME_KEY, next)
        setTheme(next)
      }}
    >
      {theme === 'dark' ? '☀ Light' : '☾ Dark'}
    </Button>
  )
}
