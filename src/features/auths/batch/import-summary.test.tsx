import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setDisplayLocale } from '@/lib/format/format'
import { ImportSummary } from './import-summary'

afterEach(() => {
  cleanup()
  setDisplayLocale(undefined)
})

const summary = (counts: { invalid: number; ready: number; saved: number; failed: number }) =>
  render(
    <ImportSummary
      parsed={{ format: 'csv', rows: [], unknownColumns: [], columns: [], skippedSaved: 0 }}
      total={2000}
      counts={{
        ...counts,
        checking: 0,
        update: 0,
        unchanged: 0,
        'not-sent': 0,
        held: 0,
        unconfirmed: 0,
      }}
      progress={null}
      hasResults={false}
      onSend={() => undefined}
      onStop={() => undefined}
      onDownload={() => undefined}
      onStartOver={() => undefined}
    />,
  )

describe('ImportSummary', () => {
  it("writes every count with the locale's grouping, as the row count beside them", () => {
    summary({ invalid: 1000, ready: 0, saved: 1000, failed: 0 })
    expect(screen.getByText('CSV, 2,000 rows:')).toBeInTheDocument()
    expect(screen.getByText('1,000 saved')).toBeInTheDocument()
    expect(screen.getByText('1,000 with problems')).toBeInTheDocument()
  })

  it('in the display locale', () => {
    setDisplayLocale('de-DE')
    summary({ invalid: 0, ready: 1500, saved: 0, failed: 1200 })
    expect(screen.getByText('CSV, 2.000 rows:')).toBeInTheDocument()
    expect(screen.getByText('1.500 ready')).toBeInTheDocument()
    expect(screen.getByText('1.200 failed')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send 1.500 ready rows' })).toBeInTheDocument()
  })
})
