import type { Sql } from './db/storage'

/*
 * The audit record is tamper-evident: each entry carries the SHA-256 of its own content and of
 * the entry before it, so an entry altered, removed or slipped in afterwards breaks the chain at
 * that point. Postgres links each entry as it is inserted (a trigger, under the lock of the one
 * row that holds the chain's head), whoever inserts it, so entries are chained in the order of
 * their IDs. What the chain cannot show: someone with the database's keys who rewrites an entry
 * and every hash after it, and then the head; keep the head (`npm run audit:verify` prints it)
 * somewhere they cannot reach to catch that too.
 */

/** The content an entry's hash covers, as one JSON array (time in microseconds, zone-free). */
const ENTRY_CONTENT = `jsonb_build_array(prev, e.id,
  (extract(epoch FROM e.at) * 1000000)::bigint, e.user_id, e.user_name, e.action, e.operation,
  e.database, e.record_type, e.record_id, e.changes, e.status, e.activity_id, e.detail)::text`

/** Version 13 of the migrations: the chain, with the entries written before it linked in order. */
export const auditChainMigration = {
  version: 13,
  name: 'the audit record chained by hashes, so a change to it shows',
  sql: `
    ALTER TABLE audit_log ADD COLUMN prev_hash text, ADD COLUMN hash text;
    CREATE TABLE audit_chain_head (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      id bigint NOT NULL,
      hash text NOT NULL
    );
    CREATE FUNCTION audit_entry_hash(prev text, e audit_log) RETURNS text
      LANGUAGE sql IMMUTABLE AS $$
        SELECT encode(sha256(convert_to(${ENTRY_CONTENT}, 'UTF8')), 'hex')
      $$;
    -- Links entries in the order of their IDs: the ID is drawn once the head is held, so no
    -- transaction can chain an entry of a lower ID after one of a higher.
    CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE head_hash text;
      BEGIN
        SELECT hash INTO head_hash FROM audit_chain_head FOR UPDATE;
        NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
        NEW.prev_hash := head_hash;
        NEW.hash := audit_entry_hash(head_hash, NEW);
        UPDATE audit_chain_head SET id = NEW.id, hash = NEW.hash;
        RETURN NEW;
      END $$;
    -- The entries already written, linked in order (the append-only trigger set aside for it).
    ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update;
    DO $$
      DECLARE e audit_log; head text := '';
      BEGIN
        FOR e IN SELECT * FROM audit_log ORDER BY id LOOP
          UPDATE audit_log SET prev_hash = head, hash = audit_entry_hash(head, e) WHERE id = e.id
            RETURNING hash INTO head;
        END LOOP;
        INSERT INTO audit_chain_head (id, hash)
          VALUES (coalesce((SELECT max(id) FROM audit_log), 0), head);
      END $$;
    ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update;
    -- The ID is the trigger's to draw: a default drawn before it would leave a gap each time.
    ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL,
      ALTER COLUMN id DROP DEFAULT;
    CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
  `,
}

/**
 * Version 17: the last entry deleted once past its retention, so the oldest one kept can be shown
 * to follow it (the retention's trigger, `setAuditRetention`, notes it as it deletes).
 */
export const auditAnchorMigration = {
  version: 17,
  name: 'the audit chain anchored at the last entry deleted past its retention',
  sql: `
    CREATE TABLE audit_chain_anchor (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      id bigint NOT NULL,
      hash text NOT NULL
    );
  `,
}

/** Where the chain breaks, and how. */
export interface ChainBreak {
  /** The entry whose link or content does not hold. */
  id: number
  reason: 'altered' | 'entries-removed-before' | 'entries-removed-after'
  message: string
}

export interface ChainReport {
  whole: boolean
  /** Entries checked. */
  entries: number
  /** The first entry kept (older ones may have been deleted after their retention). */
  firstId: number | null
  lastId: number | null
  /** The chain's head: the last entry's hash, to keep elsewhere. */
  head: string
  break: ChainBreak | null
}

/**
 * Walks the record in ID order up to the head read first, recomputing each entry's hash in
 * Postgres from what it holds now and checking that it names the hash of the entry before it.
 * The oldest entry kept names none, or the last one deleted past its retention (noted by the
 * retention's trigger in `audit_chain_anchor`); the last one is the head. Stops at the first
 * break.
 */
export async function verifyAuditChain(
  sql: Sql,
  options: { batch?: number } = {},
): Promise<ChainReport> {
  const batch = options.batch ?? 5_000
  // The head first: entries written while the walk goes on are past it, not checked, not missed.
  const { rows: heads } = await sql.query<{ id: string; hash: string }>(
    'SELECT id, hash FROM audit_chain_head',
  )
  const head = heads[0] ? { id: Number(heads[0].id), hash: heads[0].hash } : { id: 0, hash: '' }
  // The last entry deleted once past its retention: the oldest one kept follows it.
  const { rows: anchors } = await sql.query<{ id: string; hash: string }>(
    'SELECT id, hash FROM audit_chain_anchor',
  )
  const anchor = anchors[0] ? { id: Number(anchors[0].id), hash: anchors[0].hash } : null
  let after = 0
  let previous: { id: number; hash: string } | null = null
  let entries = 0
  let firstId: number | null = null
  const report = (broken: ChainBreak | null): ChainReport => ({
    whole: broken === null,
    entries,
    firstId,
    lastId: previous?.id ?? null,
    head: broken ? '' : head.hash,
    break: broken,
  })
  for (;;) {
    const { rows } = await sql.query<{
      id: string
      prev_hash: string
      hash: string
      expected: string
    }>(
      `SELECT id, prev_hash, hash, audit_entry_hash(prev_hash, a) AS expected
       FROM audit_log a WHERE id > $1 AND id <= $3 ORDER BY id LIMIT $2`,
      [after, batch, head.id],
    )
    for (const row of rows) {
      const id = Number(row.id)
      if (row.hash !== row.expected)
        return report({
          id,
          reason: 'altered',
          message: `Entry ${id} was changed after it was written: its content no longer matches its hash.`,
        })
      if (previous && row.prev_hash !== previous.hash)
        return report({
          id,
          reason: 'entries-removed-before',
          message: `Entry ${id} does not follow entry ${previous.id}: an entry between them was removed or replaced.`,
        })
      // The oldest entry kept: the first ever, or the one after the last deleted past retention.
      if (!previous && row.prev_hash !== '' && row.prev_hash !== anchor?.hash)
        return report({
          id,
          reason: 'entries-removed-before',
          message: `Entry ${id} follows entries that were removed before their retention ran out.`,
        })
      firstId ??= id
      previous = { id, hash: row.hash }
      entries += 1
    }
    if (rows.length < batch) break
    after = previous!.id
  }
  const last = previous as { id: number; hash: string } | null
  if (head.id !== 0 && head.hash !== last?.hash)
    return report({
      id: head.id,
      reason: 'entries-removed-after',
      message: last
        ? `The record ends at entry ${last.id}, but entries up to ${head.id} were written: the last ones were removed.`
        : `The record is empty, but entries up to ${head.id} were written: they were removed.`,
    })
  return report(null)
}
