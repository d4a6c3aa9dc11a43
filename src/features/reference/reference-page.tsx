import { lookupLists, lookupNames } from '@/api/lookups'
import { PageHeader } from '@/components/ui/page-header'
import { useFragmentHref } from '@/lib/use-fragment-href'
import { LookupSection, sectionId } from './lookup-section'
import styles from './reference-page.module.css'

/** Every lookup list of the Events group (`lookupLists`), one section each. */
export function ReferencePage() {
  const fragment = useFragmentHref()
  return (
    <div className={styles.page}>
      <PageHeader
        title="Reference lists"
        description="The lookup lists the service offers for events and schedules: each entry's key (what is stored), its display text and what it means."
      />
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label="Lookup lists">
          <ul>
            {lookupNames.map((name) => (
              <li key={name}>
                <a href={fragment(sectionId(name))}>{lookupLists[name].title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          {lookupNames.map((name) => (
            <LookupSection key={name} name={name} />
          ))}
        </div>
      </div>
    </div>
  )
}
