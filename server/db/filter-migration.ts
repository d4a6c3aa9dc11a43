import { searchWords } from '../../src/features/events/model/filter'
import { eventSchema } from '../../src/api/schemas/event'
import { statusKey } from '../../src/features/events/model/facts'
import { authNumbersIn } from '../../src/features/events/model/mentions'
import { sortText } from '../../src/features/events/model/sort-value'
import {
  DATE_COLUMN_KEYS,
  DATE_INSTANT_COLUMNS,
  instantOfReading,
  localZone,
  type DateField,
  type FactColumns,
} from '../../src/features/events/model/filter-sql'
import type { Sql } from './storage'

/*
 * What the event model's filter reads when it runs in SQL (`compileFilterSql`,
 * src/features/events/model/filter-sql.ts): the plain values it matches as columns, the subject
 * folded as search folds it, and the service's dates read as the console reads them.
 */

/** Version 6 of `migrations` (written here apart, as it carries a backfill of its own). */
export const filterMigration = {
  version: 6,
  name: 'what the event filter reads in SQL: dates as the console reads them, folded subjects',
  sql: `
    ALTER TABLE mirror_events
      ADD COLUMN event_type text GENERATED ALWAYS AS (record->>'event_Type') STORED,
      ADD COLUMN entry_user text GENERATED ALWAYS AS (record->>'entry_User') STORED,
      -- The subject as search reads it (the model's foldText), written with each record:
      -- Postgres folds case and accents otherwise than the browser does.
      ADD COLUMN subject_words text;
    CREATE INDEX mirror_events_by_due ON mirror_events (database, due_ms);
    CREATE INDEX mirror_events_by_type ON mirror_events (database, event_type);

    -- The offset of a time zone from UTC at an instant, in milliseconds.
    CREATE FUNCTION console_zone_offset_ms(instant_ms bigint, zone text) RETURNS bigint
      LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
      SELECT (extract(epoch FROM (timestamptz 'epoch' + instant_ms * interval '1 millisecond')
        AT TIME ZONE zone) * 1000)::bigint - instant_ms
    $$;

    -- The instant a wall-clock reading (milliseconds as if UTC) names in a zone, chosen as the
    -- browser's Date chooses it, so that server and console agree at the clock changes: an hour
    -- the clock passes twice is read as the earlier instant, one it skips with the offset from
    -- before the change. Postgres's own AT TIME ZONE takes the later instant of a repeated hour;
    -- hence two candidates, read with the offsets of a day before and a day after.
    CREATE FUNCTION console_local_ms(wall_ms bigint, zone text) RETURNS bigint
      LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
      WITH c AS (
        SELECT wall_ms - console_zone_offset_ms(wall_ms - 86400000, zone) AS before,
               wall_ms - console_zone_offset_ms(wall_ms + 86400000, zone) AS after),
      v AS (
        SELECT before, after,
          before + console_zone_offset_ms(before, zone) = wall_ms AS before_ok,
          after + console_zone_offset_ms(after, zone) = wall_ms AS after_ok
        FROM c)
      SELECT CASE
        WHEN before_ok AND after_ok THEN least(before, after)
        WHEN after_ok THEN after
        ELSE before END
      FROM v
    $$;

    -- A service date as the console reads it (parseServiceDate, src/api/schemas/common.ts): the
    -- instant in milliseconds, text without a zone being wall-clock time in the given zone; null
    -- for what the console takes for no date (2026-02-30, 24:00, text that is no date).
    CREATE FUNCTION console_service_ms(value text, zone text) RETURNS bigint
      LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
      DECLARE
        m text[];
        wall bigint;
        zone_minutes integer;
      BEGIN
        m := regexp_match(btrim(value, E' \\t\\n\\r\\f\\v'),
          '^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?(Z|[+-]\\d{2}:?\\d{2})?$');
        IF m IS NULL THEN RETURN NULL; END IF;
        IF coalesce(m[4], '0')::int > 23 OR coalesce(m[5], '0')::int > 59
          OR coalesce(m[6], '0')::int > 59 THEN
          RETURN NULL;
        END IF;
        -- Months, then days, added to the year's first day: a day or month past the end rolls
        -- over as Date's arithmetic does; where the console refuses that, so does the check below.
        wall := (extract(epoch FROM make_date(m[1]::int, 1, 1)
            + make_interval(months => m[2]::int - 1, days => m[3]::int - 1)) * 1000)::bigint
          + coalesce(m[4], '0')::bigint * 3600000 + coalesce(m[5], '0')::bigint * 60000
          + coalesce(m[6], '0')::bigint * 1000 + left(coalesce(m[7], '') || '000', 3)::bigint;
        IF m[8] IS NULL THEN
          IF m[2]::int NOT BETWEEN 1 AND 12 OR m[3]::int < 1
            OR m[3]::int > extract(day FROM make_date(m[1]::int, m[2]::int, 1)
              + interval '1 month - 1 day') THEN
            RETURN NULL;
          END IF;
          RETURN console_local_ms(wall, zone);
        END IF;
        IF m[2]::int > 12 THEN RETURN NULL; END IF;
        zone_minutes := CASE WHEN m[8] = 'Z' THEN 0 ELSE
          (CASE WHEN left(m[8], 1) = '-' THEN -1 ELSE 1 END)
            * (substr(m[8], 2, 2)::int * 60 + right(m[8], 2)::int) END;
        RETURN wall - zone_minutes * 60000;
      EXCEPTION WHEN others THEN
        -- A year Postgres has no date for (0000): no date, rather than a failed query.
        RETURN NULL;
      END
    $$;
  `,
  async backfill(tx: Sql) {
    const { rows } = await tx.query<{ database: string; event_id: number; subject: unknown }>(
      `SELECT database, event_id, record->'subject' AS subject FROM mirror_events`,
    )
    if (rows.length === 0) return
    const folded = rows.map((r) => ({
      database: r.database,
      event_id: r.event_id,
      words: searchWords({ subject: typeof r.subject === 'string' ? r.subject : null }),
    }))
    await tx.query(
      `UPDATE mirror_events m SET subject_words = f.words
       FROM jsonb_to_recordset($1::jsonb) AS f(database text, event_id integer, words text)
       WHERE m.database = f.database AND m.event_id = f.event_id`,
      [JSON.stringify(folded)],
    )
  },
}

/** An event's text as the model reads it: a field that is no text is none. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : null)

/** The auth numbers an event names, as the model finds them (`authNumbersIn`). */
export const authMentionsOf = (record: { subject?: unknown; meta_Data?: unknown }) =>
  authNumbersIn({ subject: textOf(record.subject), meta_Data: textOf(record.meta_Data) })

/** Version 7: the auth numbers each event names, for the filter's `mentionsAuth`. */
export const authMentionsMigration = {
  version: 7,
  name: 'the auth numbers each event names, for the event filter in SQL',
  sql: `
    -- Written with each record by the model's own rule (authNumbersIn): one regular expression,
    -- which Postgres would read otherwise (its word boundaries are not JavaScript's).
    ALTER TABLE mirror_events ADD COLUMN auth_mentions text[] NOT NULL DEFAULT '{}';
    CREATE INDEX mirror_events_by_auth_mention ON mirror_events USING gin (auth_mentions);
  `,
  async backfill(tx: Sql) {
    const { rows } = await tx.query<{
      database: string
      event_id: number
      subject: unknown
      meta_data: unknown
    }>(
      `SELECT database, event_id, record->'subject' AS subject, record->'meta_Data' AS meta_data
       FROM mirror_events`,
    )
    const found = rows
      .map((r) => ({
        database: r.database,
        event_id: r.event_id,
        mentions: authMentionsOf({ subject: r.subject, meta_Data: r.meta_data }),
      }))
      .filter((r) => r.mentions.length > 0)
    if (found.length === 0) return
    await tx.query(
      `UPDATE mirror_events m SET auth_mentions = f.mentions
       FROM jsonb_to_recordset($1::jsonb) AS f(database text, event_id integer, mentions text[])
       WHERE m.database = f.database AND m.event_id = f.event_id`,
      [JSON.stringify(found)],
    )
  },
}

/**
 * Version 8: `console_service_ms` again, without the exception block of version 6. An exception
 * block is a subtransaction per date, which a parallel plan refuses (a query over 100,000 events
 * failed) and which costs time besides; year 0000, the one error it caught, is written as
 * Postgres counts it (1 BC) instead, and every other check comes before anything that could fail.
 */
export const serviceDateMigration = {
  version: 8,
  name: 'service dates read in SQL without a subtransaction each',
  sql: `
    CREATE OR REPLACE FUNCTION console_service_ms(value text, zone text) RETURNS bigint
      LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
      DECLARE
        m text[];
        y integer;
        mo integer;
        d integer;
        wall bigint;
        zone_minutes integer;
      BEGIN
        m := regexp_match(btrim(value, E' \\t\\n\\r\\f\\v'),
          '^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?(Z|[+-]\\d{2}:?\\d{2})?$');
        IF m IS NULL THEN RETURN NULL; END IF;
        IF coalesce(m[4], '0')::int > 23 OR coalesce(m[5], '0')::int > 59
          OR coalesce(m[6], '0')::int > 59 THEN
          RETURN NULL;
        END IF;
        -- Postgres has no year 0: the year before 1 AD is 1 BC, which it writes as -1.
        y := CASE WHEN m[1]::int = 0 THEN -1 ELSE m[1]::int END;
        mo := m[2]::int;
        d := m[3]::int;
        IF m[8] IS NULL THEN
          -- Text without a zone names a real day, or nothing (the console refuses 2026-02-30).
          IF mo < 1 OR mo > 12 OR d < 1 THEN RETURN NULL; END IF;
          IF d > extract(day FROM make_date(y, mo, 1) + interval '1 month - 1 day') THEN
            RETURN NULL;
          END IF;
        ELSIF mo > 12 THEN
          RETURN NULL;
        END IF;
        -- Months, then days, added to the year's first day: with a zone, a day past the end
        -- rolls over as Date's arithmetic does.
        wall := (extract(epoch FROM make_date(y, 1, 1)
            + make_interval(months => mo - 1, days => d - 1)) * 1000)::bigint
          + coalesce(m[4], '0')::bigint * 3600000 + coalesce(m[5], '0')::bigint * 60000
          + coalesce(m[6], '0')::bigint * 1000 + left(coalesce(m[7], '') || '000', 3)::bigint;
        IF m[8] IS NULL THEN RETURN console_local_ms(wall, zone); END IF;
        zone_minutes := CASE WHEN m[8] = 'Z' THEN 0 ELSE
          (CASE WHEN left(m[8], 1) = '-' THEN -1 ELSE 1 END)
            * (substr(m[8], 2, 2)::int * 60 + right(m[8], 2)::int) END;
        RETURN wall - zone_minutes * 60000;
      END
    $$;
  `,
}

/**
 * Version 9: each date the filter reads parsed once, when the record is written (generated
 * columns: the wall-clock reading, or the instant of a date with a zone), so a query only turns
 * readings into instants for its zone, and that without a function call per row: far from a
 * clock change (nearly always) the offset a day before and a day after agree and give it at once.
 * A query over 100,000 events read every date text with a regular expression before.
 */
export const dateColumnsMigration = {
  version: 9,
  name: 'the dates the event filter reads, parsed once per record',
  sql: `
    -- White space around it is trimmed, the vertical tab written \\x0b: Postgres reads no \\v.
    -- A service date's wall-clock reading in milliseconds as if UTC (a date with a zone: its
    -- instant), null for what the console takes for no date; parseServiceDate's rules.
    CREATE FUNCTION console_service_wall(value text) RETURNS bigint
      LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
      DECLARE
        m text[];
        y integer;
        mo integer;
        d integer;
        wall bigint;
        zone_minutes integer;
      BEGIN
        m := regexp_match(btrim(value, E' \\t\\n\\r\\f\\x0b'),
          '^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?(Z|[+-]\\d{2}:?\\d{2})?$');
        IF m IS NULL THEN RETURN NULL; END IF;
        IF coalesce(m[4], '0')::int > 23 OR coalesce(m[5], '0')::int > 59
          OR coalesce(m[6], '0')::int > 59 THEN
          RETURN NULL;
        END IF;
        -- Postgres has no year 0: the year before 1 AD is 1 BC, which it writes as -1.
        y := CASE WHEN m[1]::int = 0 THEN -1 ELSE m[1]::int END;
        mo := m[2]::int;
        d := m[3]::int;
        IF m[8] IS NULL THEN
          -- Text without a zone names a real day, or nothing (the console refuses 2026-02-30).
          IF mo < 1 OR mo > 12 OR d < 1 THEN RETURN NULL; END IF;
          IF d > extract(day FROM make_date(y, mo, 1) + interval '1 month - 1 day') THEN
            RETURN NULL;
          END IF;
        ELSIF mo > 12 THEN
          RETURN NULL;
        END IF;
        -- Months, then days, added to the year's first day: with a zone, a day past the end
        -- rolls over as Date's arithmetic does.
        wall := (extract(epoch FROM make_date(y, 1, 1)
            + make_interval(months => mo - 1, days => d - 1)) * 1000)::bigint
          + coalesce(m[4], '0')::bigint * 3600000 + coalesce(m[5], '0')::bigint * 60000
          + coalesce(m[6], '0')::bigint * 1000 + left(coalesce(m[7], '') || '000', 3)::bigint;
        IF m[8] IS NULL THEN RETURN wall; END IF;
        zone_minutes := CASE WHEN m[8] = 'Z' THEN 0 ELSE
          (CASE WHEN left(m[8], 1) = '-' THEN -1 ELSE 1 END)
            * (substr(m[8], 2, 2)::int * 60 + right(m[8], 2)::int) END;
        RETURN wall - zone_minutes * 60000;
      END
    $$;

    -- Whether that date carried a zone (its number is then an instant already).
    CREATE FUNCTION console_service_zoned(value text) RETURNS boolean
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT console_service_wall(value) IS NOT NULL AND (regexp_match(
        btrim(value, E' \\t\\n\\r\\f\\x0b'),
        '^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?(Z|[+-]\\d{2}:?\\d{2})?$'))[8] IS NOT NULL
    $$;

    -- console_local_ms, at once when no clock change is near (written so Postgres inlines it).
    CREATE FUNCTION console_local_at(wall_ms bigint, zone text) RETURNS bigint
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT CASE
        WHEN console_zone_offset_ms(wall_ms - 86400000, zone)
          = console_zone_offset_ms(wall_ms + 86400000, zone)
        THEN wall_ms - console_zone_offset_ms(wall_ms - 86400000, zone)
        ELSE console_local_ms(wall_ms, zone) END
    $$;

    -- The instant of a parsed date in a zone.
    CREATE FUNCTION console_date_ms(wall_ms bigint, zoned boolean, zone text) RETURNS bigint
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN zoned THEN wall_ms ELSE console_local_at(wall_ms, zone) END
    $$;

    CREATE OR REPLACE FUNCTION console_service_ms(value text, zone text) RETURNS bigint
      LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
      SELECT console_date_ms(console_service_wall(value), console_service_zoned(value), zone)
    $$;

    ALTER TABLE mirror_events
      ADD COLUMN due_wall bigint
        GENERATED ALWAYS AS (console_service_wall(record->>'due_Date')) STORED,
      ADD COLUMN due_zoned boolean
        GENERATED ALWAYS AS (console_service_zoned(record->>'due_Date')) STORED,
      ADD COLUMN next_wall bigint
        GENERATED ALWAYS AS (console_service_wall(record->>'next_Scheduled_Date')) STORED,
      ADD COLUMN next_zoned boolean
        GENERATED ALWAYS AS (console_service_zoned(record->>'next_Scheduled_Date')) STORED,
      ADD COLUMN updated_wall bigint
        GENERATED ALWAYS AS (console_service_wall(record->>'update_Date')) STORED,
      ADD COLUMN updated_zoned boolean
        GENERATED ALWAYS AS (console_service_zoned(record->>'update_Date')) STORED,
      ADD COLUMN start_wall bigint
        GENERATED ALWAYS AS (console_service_wall(record->>'start_Date')) STORED,
      ADD COLUMN start_zoned boolean
        GENERATED ALWAYS AS (console_service_zoned(record->>'start_Date')) STORED,
      ADD COLUMN end_wall bigint
        GENERATED ALWAYS AS (console_service_wall(record->>'end_Date')) STORED,
      ADD COLUMN end_zoned boolean
        GENERATED ALWAYS AS (console_service_zoned(record->>'end_Date')) STORED;
  `,
}

/** An event's status as the completed rule compares it (`statusKey`). */
export const statusKeyOf = (record: { status?: unknown }) => statusKey(textOf(record.status))

/**
 * Version 10: each event's status as `isCompleted` compares it, written by the model's
 * `statusKey`: Postgres's lower() and btrim() are not JavaScript's for every letter and space.
 */
export const statusKeyMigration = {
  version: 10,
  name: "each event's status as the completed rule compares it",
  sql: `ALTER TABLE mirror_events ADD COLUMN status_key text NOT NULL DEFAULT '';`,
  async backfill(tx: Sql) {
    const { rows } = await tx.query<{ database: string; event_id: number; status: unknown }>(
      `SELECT database, event_id, record->'status' AS status FROM mirror_events`,
    )
    const keys = rows
      .map((r) => ({ database: r.database, event_id: r.event_id, key: statusKeyOf(r) }))
      .filter((r) => r.key !== '')
    if (keys.length === 0) return
    await tx.query(
      `UPDATE mirror_events m SET status_key = f.key
       FROM jsonb_to_recordset($1::jsonb) AS f(database text, event_id integer, key text)
       WHERE m.database = f.database AND m.event_id = f.event_id`,
      [JSON.stringify(keys)],
    )
  },
}

/** Whether the console can read the record (the contract's `eventSchema`). */
export const readableOf = (record: unknown) => eventSchema.safeParse(record).success

/**
 * Version 11: whether the console can read each event. The console's event index never holds
 * one it cannot read (it names them apart), so the server's answers to a filter leave them out
 * too, and their totals agree.
 */
export const readableMigration = {
  version: 11,
  name: 'whether the console can read each event',
  sql: `ALTER TABLE mirror_events ADD COLUMN readable boolean NOT NULL DEFAULT true;`,
  async backfill(tx: Sql) {
    const { rows } = await tx.query<{ database: string; event_id: number; record: unknown }>(
      `SELECT database, event_id, record FROM mirror_events`,
    )
    const unreadable = rows
      .filter((r) => !readableOf(r.record))
      .map((r) => ({ database: r.database, event_id: r.event_id }))
    if (unreadable.length === 0) return
    await tx.query(
      `UPDATE mirror_events m SET readable = false
       FROM jsonb_to_recordset($1::jsonb) AS f(database text, event_id integer)
       WHERE m.database = f.database AND m.event_id = f.event_id`,
      [JSON.stringify(unreadable)],
    )
  },
}

/**
 * Each text field of a record as the list sorts it (the model's `sortText`), read as the console
 * reads the record (the contract's `eventSchema`) when it can.
 */
export function sortTextsOf(record: Record<string, unknown>) {
  const parsed = eventSchema.safeParse(record)
  const texts: Record<string, string> = {}
  for (const [field, value] of Object.entries(parsed.success ? parsed.data : record))
    if (typeof value === 'string') texts[field] = sortText(value)
  return texts
}

/**
 * Version 12: each event's text fields as the list sorts them, written by the model's
 * `sortText` (JavaScript's lower case, which Postgres's lower() matches only for ASCII in some
 * locales): the server's list is sorted as the browser's is.
 */
export const sortTextMigration = {
  version: 12,
  name: "each event's text fields as the events list sorts them",
  sql: `ALTER TABLE mirror_events ADD COLUMN sort_text jsonb NOT NULL DEFAULT '{}';`,
  async backfill(tx: Sql) {
    const { rows } = await tx.query<{
      database: string
      event_id: number
      record: Record<string, unknown>
    }>(`SELECT database, event_id, record FROM mirror_events`)
    if (rows.length === 0) return
    await tx.query(
      `UPDATE mirror_events m SET sort_text = f.texts
       FROM jsonb_to_recordset($1::jsonb) AS f(database text, event_id integer, texts jsonb)
       WHERE m.database = f.database AND m.event_id = f.event_id`,
      [
        JSON.stringify(
          rows.map((r) => ({
            database: r.database,
            event_id: r.event_id,
            texts: sortTextsOf(r.record),
          })),
        ),
      ],
    )
  },
}

/**
 * Version 22: the two facts every question about open work reads (`isCompleted`'s completion
 * date, `reminderTime`'s switch), kept as columns by the very expressions `compileFilterSql`
 * used on the JSON record, so a count or a scan no longer opens each record to read them.
 */
export const factColumnsMigration = {
  version: 22,
  name: 'the completion date and the reminder switch of each event as columns',
  sql: `
    ALTER TABLE mirror_events
      ADD COLUMN completion_set boolean
        GENERATED ALWAYS AS (coalesce(record->>'completion_Date', '') <> '') STORED,
      ADD COLUMN reminder_on boolean
        GENERATED ALWAYS AS (coalesce(record->'reminder' = 'true'::jsonb, false)) STORED;
  `,
}

/**
 * Version 23: search's words found by a trigram index of the folded subject, where Postgres has
 * `pg_trgm` (the embedded one loads it; on a server without it, or where the role may not add
 * it, search reads every subject as before: the same answers, slower).
 */
export const searchIndexMigration = {
  version: 23,
  name: 'a trigram index of the folded subjects, for search',
  sql: `
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX mirror_events_by_subject_words
          ON mirror_events USING gin (subject_words gin_trgm_ops);
      ELSE
        RAISE NOTICE 'pg_trgm is not available: search reads every subject';
      END IF;
    EXCEPTION WHEN insufficient_privilege OR undefined_object OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm could not be added: search reads every subject';
    END
    $$;
  `,
}

/**
 * Version 24: events by their assignee, completed or not (the index of version 1 holds open
 * events by the first, narrower reading of "completed" only, which the filter's own reading
 * never implies): a user's events, the bell's reminders, a person's list.
 */
export const userIndexMigration = {
  version: 24,
  name: 'every event by its assignee',
  sql: `CREATE INDEX mirror_events_by_assignee ON mirror_events (database, user_id);`,
}

/**
 * Version 25: each date's columns written by the mirror from the model's `serviceDateReading`
 * when it stores a record, no longer generated by SQL: the SQL reading of five dates was most of
 * the time a record took to store (a first load of 1,000,000 events), and it was a second copy
 * of `parseServiceDate`'s rules. The rows already stored keep their values.
 */
export const dateReadingMigration = {
  version: 25,
  name: "each event's dates read by the model when stored",
  sql: `
    ALTER TABLE mirror_events
      ${Object.values(DATE_COLUMN_KEYS)
        .flat()
        .map((column) => `ALTER COLUMN ${column} DROP EXPRESSION`)
        .join(',\n      ')};
    DROP FUNCTION console_service_ms(text, text);
    DROP FUNCTION console_service_zoned(text);
    DROP FUNCTION console_service_wall(text);
  `,
}

/**
 * The zone the mirror's instants are made in and the rules it was read by (Node's time zone
 * data): `America/New_York (tzdata 2025c)`. A Node whose data changes a zone's rules (a country
 * ending summer time) would read a future date otherwise, so a change of either makes them again.
 */
export const instantRules = () =>
  process.versions.tz ? `${localZone()} (tzdata ${process.versions.tz})` : localZone()

/** How many events each turn of `makeInstantsHere` reads and writes. */
const INSTANT_BATCH = 5000

/**
 * Makes each event's instants (`<name>_instant`, what the filter and the list's sort compare)
 * again in this process's zone (`localZone`) when the mirror's were made in another or by other
 * rules (`instantRules`), or never:
 * by the model's own rule (`instantOfReading`) from the readings stored, writing only the rows
 * whose instants change. Answers how many events it read (none when the zone is the one they
 * were made in). Every instance of the server on one database runs in one zone, the team's: the
 * mirror refuses to store a record in another (`upsertEvents`).
 */
export async function makeInstantsHere(tx: Sql): Promise<number> {
  const zone = instantRules()
  const { rows: kept } = await tx.query<{ zone: string }>(
    'SELECT zone FROM mirror_instants_zone FOR UPDATE',
  )
  if (kept[0]?.zone === zone) return 0
  const fields = Object.entries(DATE_COLUMN_KEYS) as [DateField, readonly [string, string]][]
  let made = 0
  let after: { database: string; id: number } = { database: '', id: -2147483648 }
  for (;;) {
    const { rows } = await tx.query<{ database: string; event_id: number } & FactColumns>(
      `SELECT database, event_id, ${fields.flatMap(([, pair]) => pair).join(', ')}
       FROM mirror_events WHERE (database, event_id) > ($1, $2)
       ORDER BY database, event_id LIMIT ${INSTANT_BATCH}`,
      [after.database, after.id],
    )
    if (rows.length === 0) break
    const instants = rows.map((r) => ({
      database: r.database,
      event_id: r.event_id,
      ...Object.fromEntries(
        fields.map(([field, [wall, zoned]]) => {
          const at = r[wall]
          return [
            DATE_INSTANT_COLUMNS[field],
            at === null || at === undefined
              ? null
              : instantOfReading({ wallMs: Number(at), zoned: r[zoned] === true }),
          ]
        }),
      ),
    }))
    const columns = fields.map(([field]) => DATE_INSTANT_COLUMNS[field])
    await tx.query(
      `UPDATE mirror_events m SET ${columns.map((c) => `${c} = f.${c}`).join(', ')}
       FROM jsonb_to_recordset($1::jsonb)
         AS f(database text, event_id integer, ${columns.map((c) => `${c} bigint`).join(', ')})
       WHERE m.database = f.database AND m.event_id = f.event_id
         AND (${columns.map((c) => `m.${c} IS DISTINCT FROM f.${c}`).join(' OR ')})`,
      [JSON.stringify(instants)],
    )
    made += rows.length
    const last = rows[rows.length - 1]!
    after = { database: last.database, id: last.event_id }
  }
  await tx.query(
    `INSERT INTO mirror_instants_zone (zone) VALUES ($1)
     ON CONFLICT (one) DO UPDATE SET zone = EXCLUDED.zone`,
    [zone],
  )
  return made
}

/**
 * Version 26: each date as an instant, made by the model when a record is stored
 * (`instantOfReading`) in the server's zone, recorded beside them (`makeInstantsHere` makes them
 * again at a start in another zone): a due window or a sort by date is then a comparison of a
 * column, which an index answers, where SQL made an instant of every event's date for each
 * question (`console_date_ms`). The index on due dates is of the instants now.
 */
export const instantMigration = {
  version: 26,
  name: "each event's dates as instants in the server's zone",
  sql: `
    ALTER TABLE mirror_events
      ${Object.values(DATE_INSTANT_COLUMNS)
        .map((column) => `ADD COLUMN ${column} bigint`)
        .join(',\n      ')};
    CREATE TABLE mirror_instants_zone (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      zone text NOT NULL
    );
    DROP INDEX mirror_events_by_due;
    CREATE INDEX mirror_events_by_due ON mirror_events (database, due_instant, event_id);
  `,
  backfill: makeInstantsHere,
}

/**
 * Version 27: the facts every filter, count and calendar reads, held in one narrow index beside
 * each event's ID, so Postgres answers them from it alone (an index-only scan, once the table is
 * vacuumed: `startUpkeep`) instead of reading every row whole: a row with its record and sort
 * texts is ~1.4 KB, the facts ~0.2 KB. Counting a new filter at 1,000,000 events: 1.0–1.5 s from
 * the table, 0.12–0.33 s from this index.
 */
export const factsIndexMigration = {
  version: 27,
  name: 'the facts of every event in one index',
  sql: `
    CREATE INDEX mirror_events_facts ON mirror_events (database, event_id) INCLUDE (
      readable, status, priority, user_id, user_group_key, event_type, entry_user, status_key,
      completion_set, reminder_on, due_ms,
      ${Object.entries(DATE_COLUMN_KEYS)
        .flatMap(([field, pair]) => [...pair, DATE_INSTANT_COLUMNS[field as DateField]])
        .join(', ')}
    );
  `,
}

/**
 * Version 28: the reminders that are on, by assignee and next date, with what the bell's question
 * reads besides (a partial index: about a third of the events). The bell asks at every sign-in
 * and every minute for a person's reminders due now, which no answer kept can serve (it moves
 * with now): at 1,000,000 events a person's 74,000 events were read from the table for each,
 * 0.5 s twice (count and page); from this index, 15 ms.
 */
export const ringingIndexMigration = {
  version: 28,
  name: 'reminders that are on, by assignee and next date',
  sql: `
    CREATE INDEX mirror_events_ringing
      ON mirror_events (database, user_id, ${DATE_INSTANT_COLUMNS.next_Scheduled_Date}, event_id)
      INCLUDE (readable, completion_set, status_key)
      WHERE reminder_on;
  `,
}

/**
 * Version 29: the reminders that are on, by next date across assignees (a partial index, as
 * above). An answer kept for a filter that moves with now (overdue, snoozed) is carried to the
 * next minute by reading only the events due or ringing between the two (`nowCrossingSql`); the
 * due index finds the first, this the second.
 */
export const remindersByNextMigration = {
  version: 29,
  name: 'reminders that are on, by next date',
  sql: `
    CREATE INDEX mirror_events_reminders_by_next
      ON mirror_events (database, ${DATE_INSTANT_COLUMNS.next_Scheduled_Date})
      WHERE reminder_on;
  `,
}

/** The events the console cannot read, by ID: the views say which are left out. */
export const unreadableIndexMigration = {
  version: 30,
  name: 'the events the console cannot read',
  sql: `
    CREATE INDEX mirror_events_unreadable ON mirror_events (database, event_id) WHERE NOT readable;
  `,
}
