import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { isFramed } from './lib/framing'
import './styles/global.css'

const root = document.getElementById('root') as HTMLElement

if (isFramed()) {
  // Nothing of the app is loaded: no session is read, no channel to other tabs is opened.
  const notice = document.createElement('p')
  notice.textContent =
    'Benefits Admin Console cannot be shown inside another page. Open it in its own tab.'
  root.replaceChildren(notice)
} else {
  void import('./app/app').then(({ App }) =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
}
