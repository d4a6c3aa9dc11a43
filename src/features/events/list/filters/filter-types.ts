/*
 * The types the filter bar and its panels share. A plain module, so the panels (loaded when
 * first opened) and the bar that loads them never import each other back.
 */

export interface FilterOption<T extends string | number> {
  value: T
  label: string
  count?: number
}

export interface MultiFilterPanelProps<T extends string | number> {
  title: string
  chosen: readonly T[]
  choices: FilterOption<T>[]
  onChange: (next: T[]) => void
  /** The chosen values are left out ("not") rather than kept. */
  excluded?: boolean
  /** Offers "Leave these out" beside "Only these". */
  onExclude?: (excluded: boolean) => void
}

export interface SearchableFilterProps<T extends string | number> {
  title: string
  /** What the search box is for: "Find a user". */
  searchLabel: string
  chosen: readonly T[]
  choices: FilterOption<T>[]
  disabled: boolean
  onChange: (next: T[]) => void
}
