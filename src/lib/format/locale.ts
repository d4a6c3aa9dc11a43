/*
 * The display locale and what follows from it: the hour cycle (12- or 24-hour clock) and the
 * first day of the week. Every formatter of displayed dates, times and numbers is made for it
 * (`format.ts`), and the calendar takes its locale, first day and clock from here too.
 */

/** Before `setDisplayLocale` runs (and in unit tests): day month year, 24-hour clock. */
export const FALLBACK_LOCALE = 'en-GB'

/**
 * Locale of displayed dates and numbers: `config.json`'s `locale`, else the browser's, set once
 * at start (`setDisplayLocale`), so text and the browser's own date inputs agree.
 */
let displayLocale = FALLBACK_LOCALE
export const getDisplayLocale = () => displayLocale

/** Sets the display locale (an unsupported tag falls back to en-GB); returns the one in use. */
export function setDisplayLocale(wanted: string | undefined): string {
  let supported: string | undefined
  try {
    supported = wanted ? Intl.DateTimeFormat.supportedLocalesOf([wanted])[0] : undefined
  } catch {
    supported = undefined // not a well-formed tag
  }
  displayLocale = supported ?? FALLBACK_LOCALE
  if (typeof document !== 'undefined') document.documentElement.lang = displayLocale
  return displayLocale
}

/**
 * A formatter for the display locale, made on first use and again if the locale changes:
 * `const title = byLocale((l) => new Intl.DateTimeFormat(l, {...}))`, then `title().format(d)`.
 */
export function byLocale<T>(make: (locale: string) => T): () => T {
  let made: { locale: string; value: T } | undefined
  return () => {
    if (made?.locale !== displayLocale) made = { locale: displayLocale, value: make(displayLocale) }
    return made.value
  }
}

export type HourCycle = 'h11' | 'h12' | 'h23' | 'h24'

/** `Intl.Locale` as browsers have it: older ones have the accessors, newer ones the methods. */
interface LocaleInfo {
  getHourCycles?: () => string[]
  hourCycles?: string[]
  getWeekInfo?: () => { firstDay: number }
  weekInfo?: { firstDay: number }
  region?: string
  maximize(): { region?: string }
}

const localeInfo = (tag: string) => new Intl.Locale(tag) as unknown as LocaleInfo

const isHourCycle = (value: unknown): value is HourCycle =>
  value === 'h11' || value === 'h12' || value === 'h23' || value === 'h24'

/**
 * The locale's clock: `Intl.Locale`'s `getHourCycles()` (or `hourCycles`), else what a
 * formatter of the locale resolves to. `en-US` is h12, `en-GB` h23; a `-u-hc-` extension wins.
 */
export function hourCycleOf(locale: string = displayLocale): HourCycle {
  try {
    const info = localeInfo(locale)
    const preferred = (info.getHourCycles?.() ?? info.hourCycles)?.[0]
    if (isHourCycle(preferred)) return preferred
  } catch {
    // not a well-formed tag: the formatter below says what it falls back to
  }
  const resolved = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle
  return isHourCycle(resolved) ? resolved : 'h23'
}

/** Whether the locale reads the time on a 12-hour clock with AM/PM ("2:30 PM"). */
export const uses12HourClock = (locale: string = displayLocale) =>
  hourCycleOf(locale).startsWith('h1')

/**
 * Regions whose week does not start on Monday, for browsers without `Intl.Locale`'s week info
 * (CLDR's, as ICU 77 has it): 0 Sunday, 5 Friday, 6 Saturday. Every other region starts on Monday.
 */
const WEEK_STARTS: Record<string, number> = {
  ...Object.fromEntries(
    (
      'AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN IS JM JP KE KH KR LA MH MM MO ' +
      'MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'
    )
      .split(' ')
      .map((region) => [region, 0]),
  ),
  ...Object.fromEntries(
    'AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' ').map((region) => [region, 6]),
  ),
  MV: 5,
}

const FW_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** The first day of the week from the table above: a `-u-fw-` extension, else the region's. */
export function firstDayFromTable(locale: string): number {
  const fw = /-u(?:-[a-z0-9]{2,8})*?-fw-([a-z]{3})\b/i.exec(locale)?.[1]?.toLowerCase()
  if (fw && FW_DAYS.includes(fw)) return FW_DAYS.indexOf(fw)
  let region: string | undefined
  try {
    const info = localeInfo(locale)
    region = info.region ?? info.maximize().region
  } catch {
    region = undefined
  }
  return (region === undefined ? undefined : WEEK_STARTS[region.toUpperCase()]) ?? 1
}

/**
 * The first day of the locale's week, 0 Sunday to 6 Saturday (as `Date.getDay()` and
 * FullCalendar's `firstDay` count): `Intl.Locale`'s `getWeekInfo()` (or `weekInfo`), else the
 * table above. `en-US` starts on Sunday, `en-GB` on Monday.
 */
export function firstDayOfWeek(locale: string = displayLocale): number {
  try {
    const info = localeInfo(locale)
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay
    // Intl counts 1 Monday to 7 Sunday.
    if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return firstDay % 7
  } catch {
    // not a well-formed tag, or no week info: the table
  }
  return firstDayFromTable(locale)
}
