import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { TextAreaField } from '@/components/ui/textarea-field'
import {
  ImportError,
  MAX_RESULTS_BYTES,
  parseImport,
  tooLargeMessage,
  type ParsedImport,
} from './import-rows'
import { templateHref } from './import-template'
import styles from './import.module.css'
import { Problem } from '@/components/ui/problem'

/** Paste CSV or JSON, or choose a file; "Check rows" reads it (nothing is sent yet). */
export function ImportSourceForm({ onParsed }: { onParsed: (parsed: ParsedImport) => void }) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const fileId = useId()

  const check = (content: string, fileName?: string) => {
    try {
      onParsed(parseImport(content, fileName))
      setProblem(null)
    } catch (error) {
      if (!(error instanceof ImportError)) throw error
      setProblem(error.message)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    check(text)
  }
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    // Larger than any import takes, even a results file: not read at all. A file between the two
    // limits is read, and `parseImport` tells a results file from another.
    if (file.size > MAX_RESULTS_BYTES) {
      setProblem(tooLargeMessage(file.size, true, file.name))
      return
    }
    const content = await file.text()
    // A large file is not put in the box (thousands of lines there help nobody): it is checked.
    setText(content.length > 200_000 ? '' : content)
    check(content, file.name)
  }

  return (
    <form className={styles.source} onSubmit={submit} noValidate>
      <TextAreaField
        label="CSV or JSON"
        hint="CSV: a header row of field names (auth_Number, subscriber_ID, requested_From, …), then one auth per row. JSON: an array of auth objects. Up to 100,000 auths or 50 MB, sent in batches; a results file of an earlier import goes back in as it is."
        rows={8}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className={styles.sourceActions}>
        <div className={styles.file}>
          <label htmlFor={fileId} className={styles.fileLabel}>
            Or choose a file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.json,.txt,text/csv,application/json"
            onChange={(e) => void choose(e)}
          />
        </div>
        <a className={styles.template} href={templateHref()} download="auths-template.csv">
          Download a CSV template
        </a>
        <Button type="submit" variant="primary">
          Check rows
        </Button>
      </div>
      {problem && <Problem compact cause="action" title={problem} />}
    </form>
  )
}
