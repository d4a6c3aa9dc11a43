import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { dbKey } from '@/api/query-keys'
import { getCmsReport, type CmsReportAnswer } from '@/api/register'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { Problem } from '@/components/ui/problem'
import { SelectField } from '@/components/ui/select-field'
import { Table } from '@/components/ui/table'
import { useRuntimeConfig } from '@/lib/app-context'
import { downloadText } from '@/lib/download'
import { getDisplayLocale } from '@/lib/format/locale'
import { leftOutLines, reportRows, reportToCsv } from './report-table'
import styles from './report.module.css'

/** The months' names in the display locale, January first. */
const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat(getDisplayLocale(), { month: 'long' }).format(new Date(2000, i, 1)),
)

/**
 * The CMS-0057-F prior-authorization report: for a year or a month, standard and expedited apart,
 * the shares approved, denied, approved after appeal and after an extended review (each with its
 * numerator and denominator), the average and median time from request to decision, what was
 * left out and why, a chart by month, and the table as CSV. From the decisions the console's
 * server saw; admins and compliance only (the server checks).
 */
export function CmsReportPage() {
  const { consoleServer } = useRuntimeConfig()
  if (consoleServer === undefined)
    return (
      <div className={styles.page}>
        <PageHeader title="CMS report" />
        <p className={styles.muted}>
          The report is made from the decisions the console’s server records, and this console talks
          to the service directly: there is nothing to report.
        </p>
      </div>
    )
  return <Report consoleServer={consoleServer} />
}

function Report({ consoleServer }: { consoleServer: string }) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])
  const thisYear = new Date().getFullYear()
  const [year, setYear] = useState(thisYear)
  const [month, setMonth] = useState<number | undefined>(undefined)
  const report = useQuery({
    queryKey: [...dbKey(db), 'auths', 'report', year, month],
    queryFn: ({ signal }) => getCmsReport(server, { year, month }, { signal, database: db }),
    gcTime: 0,
  })
  const period = month ? `${MONTHS[month - 1]} ${year}` : String(year)
  return (
    <div className={styles.page}>
      <PageHeader
        title="CMS report"
        description="Prior-authorization metrics as CMS-0057-F asks them posted: items and services, standard and expedited apart."
      />
      <div className={styles.controls}>
        <SelectField
          label="Year"
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          options={Array.from({ length: 6 }, (_, i) => {
            const y = String(thisYear - i)
            return { value: y, label: y }
          })}
        />
        <SelectField
          label="Month"
          value={month ? String(month) : ''}
          onChange={(e) => setMonth(e.target.value ? Number(e.target.value) : undefined)}
          options={[
            { value: '', label: 'The whole year' },
            ...MONTHS.map((m, i) => ({ value: String(i + 1), label: m })),
          ]}
        />
        {report.data && (
          <Button
            type="button"
            onClick={() =>
              downloadText(
                `cms-prior-auth-${year}${month ? `-${String(month).padStart(2, '0')}` : ''}.csv`,
                reportToCsv(report.data),
              )
            }
          >
            Export CSV
          </Button>
        )}
      </div>
      {report.isError ? (
        <Problem
          title="The report could not be made"
          cause="load"
          heading
          actions={<Button onClick={() => void report.refetch()}>Try again</Button>}
        >
          {report.error.message}
        </Problem>
      ) : !report.data ? (
        <p className={styles.muted}>Reading the decisions…</p>
      ) : (
        <ReportBody report={report.data} period={period} />
      )}
      <details className={styles.how}>
        <summary>How each figure is computed</summary>
        <ul>
          <li>
            A request counts in the period of its first decision (approved, approved in part, or
            denied); expedited requests are the urgent ones.
          </li>
          <li>
            Approved after appeal: denied first, approved later. Approved after an extended review:
            approved, and its narrative records “Review extended:” before the decision.
          </li>
          <li>
            Time to decision: from the date received to the service’s stamp of the change that
            decided it, as the console’s server saw it made. A decision it did not see made has no
            time and is left out, never guessed.
          </li>
          <li>On time: decided by the due time of its decision clock (72 hours, 7 days).</li>
        </ul>
      </details>
    </div>
  )
}

function ReportBody({ report, period }: { report: CmsReportAnswer; period: string }) {
  const left = leftOutLines(report)
  const most = Math.max(1, ...report.months.map((m) => m.decisions))
  return (
    <>
      <Table caption={`Prior authorizations decided in ${period}`}>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Standard</th>
            <th scope="col">Expedited</th>
          </tr>
        </thead>
        <tbody>
          {reportRows(report).map(([metric, standard, expedited]) => (
            <tr key={metric}>
              <th scope="row">{metric}</th>
              <td>{standard}</td>
              <td>{expedited}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <section aria-labelledby="left-out">
        <h2 id="left-out" className={styles.heading}>
          Left out
        </h2>
        {left.length ? (
          <ul>
            {left.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>Nothing: every decision of the period is in the figures.</p>
        )}
      </section>
      <section aria-labelledby="by-month">
        <h2 id="by-month" className={styles.heading}>
          {report.period.year} by month: decisions and the share on time
        </h2>
        <ol className={styles.chart}>
          {report.months.map((m) => {
            const share = m.withClock ? Math.round((m.onTime / m.withClock) * 100) : null
            return (
              <li key={m.month} className={styles.month}>
                <span className={styles.barBox} aria-hidden="true">
                  <span className={styles.bar} style={{ height: `${(m.decisions / most) * 100}%` }}>
                    <span className={styles.onTime} style={{ height: `${share ?? 0}%` }} />
                  </span>
                </span>
                <span className={styles.monthName}>{MONTHS[m.month - 1]!.slice(0, 3)}</span>
                <span className={styles.figure}>
                  {m.decisions} decided
                  {share !== null ? `, ${share}% on time` : ''}
                  <span className="visually-hidden"> in {MONTHS[m.month - 1]}</span>
                </span>
              </li>
            )
          })}
        </ol>
      </section>
    </>
  )
}
