import { auditAnchorMigration, auditChainMigration } from '../audit-chain'
import { sessionsSeenMigration } from '../sessions-seen'
import { noteKeyMigration, notesMigration } from '../routes/notes'
import { presenceMigration } from '../routes/presence'
import { viewsMigration } from '../routes/views'
import { registerMigration, registerOrderMigration } from '../register/register-store'
import {
  authMentionsMigration,
  dateColumnsMigration,
  dateReadingMigration,
  filterMigration,
  factsIndexMigration,
  ringingIndexMigration,
  remindersByNextMigration,
  unreadableIndexMigration,
  instantMigration,
  makeInstantsHere,
  serviceDateMigration,
  readableMigration,
  factColumnsMigration,
  searchIndexMigration,
  sortTextMigration,
  userIndexMigration,
  statusKeyMigration,
} from './filter-migration'
import type { Sql, Storage } from './storage'

/*
 * The server's schema, as an ordered list of versions. A version once released is never edited:
 * a change is a new version at the end. `migrate` applies the missing ones at start, all in one
 * transaction under an advisory lock, so two instances starting together apply each version once
 * and neither sees a half-made schema.
 */

export interface Migration {
  version: number
  name: string
  sql: string
  /** Fills in what SQL alone cannot (the model's own functions), in the same transaction. */
  backfill?: (tx: Sql) => Promise<void>
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'mirror of events and auths, and the read progress per database',
    sql: `
      CREATE TABLE mirror_events (
        database text NOT NULL,
        event_id integer NOT NULL,
        -- As the service wrote it, and as wall-clock milliseconds for ordering (the service's
        -- dates carry no zone, so they are ordered as written, never converted).
        update_date text,
        update_ms bigint,
        user_id text,
        user_group_key integer,
        status text,
        priority text,
        due_ms bigint,
        completed boolean NOT NULL DEFAULT false,
        record jsonb NOT NULL,
        mirrored_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (database, event_id)
      );
      CREATE INDEX mirror_events_by_update ON mirror_events (database, update_ms, event_id);
      CREATE INDEX mirror_events_by_user ON mirror_events (database, user_id) WHERE NOT completed;
      CREATE INDEX mirror_events_by_group ON mirror_events (database, user_group_key)
        WHERE NOT completed;

      CREATE TABLE mirror_auths (
        database text NOT NULL,
        auth_number text NOT NULL,
        update_date text,
        update_ms bigint,
        status text,
        auth_code text,
        assigned_user text,
        record jsonb NOT NULL,
        mirrored_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (database, auth_number)
      );

      CREATE TABLE mirror_state (
        database text PRIMARY KEY,
        -- 'loading' until the first load has read the last page, then 'ready'.
        phase text NOT NULL DEFAULT 'loading',
        page_size integer NOT NULL,
        -- The next page of the first load (1-based) and the last event ID it read.
        next_page integer NOT NULL DEFAULT 1,
        last_loaded_id integer,
        -- The newest update_Date seen before the last look for changes: the next look reads
        -- back to it.
        watermark text,
        load_started_at timestamptz,
        load_finished_at timestamptz,
        last_success_at timestamptz,
        behind_since timestamptz,
        last_error text,
        failures integer NOT NULL DEFAULT 0,
        last_sweep_at timestamptz,
        -- Which instance reads the service for this database, until when.
        leader text,
        lease_until timestamptz
      );
    `,
  },
  {
    version: 2,
    name: 'answers of writes sent with an Idempotency-Key',
    sql: `
      CREATE TABLE idempotent_answers (
        user_hash text NOT NULL,
        key text NOT NULL,
        database text NOT NULL,
        fingerprint text NOT NULL,
        -- 'pending' while the first request is with the service, 'done' once its answer is here.
        state text NOT NULL,
        status integer,
        headers jsonb,
        body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_hash, key, database)
      );
      CREATE INDEX idempotent_answers_created ON idempotent_answers (created_at);
    `,
  },
  {
    version: 3,
    name: 'the append-only audit record',
    sql: `
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        user_id text,
        user_name text,
        action text NOT NULL,
        operation text NOT NULL,
        database text,
        record_type text,
        record_id text,
        changes jsonb,
        status integer,
        activity_id text,
        detail jsonb
      );
      CREATE INDEX audit_log_record ON audit_log (database, record_type, record_id, at);
      CREATE INDEX audit_log_user ON audit_log (user_id, at);
      -- Replaced at every start with the configured retention (setAuditRetention).
      CREATE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit record is append-only';
      END $$;
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_refuse();
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_refuse();
      CREATE FUNCTION audit_log_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit record is append-only: TRUNCATE is refused';
      END $$;
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_truncate();
    `,
  },
  {
    version: 4,
    name: 'deletions noted for readers that follow changes',
    sql: `
      CREATE TABLE mirror_deletions (
        seq bigserial PRIMARY KEY,
        database text NOT NULL,
        kind text NOT NULL,
        id text NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mirror_deletions_by_database ON mirror_deletions (database, kind, seq);
    `,
  },
  {
    version: 5,
    name: 'which instance is alive, and the intent of a write sent with a key',
    sql: `
      -- An instance holds an advisory lock (see PRESENCE_LOCK_CLASS) on a session of its own for
      -- as long as it runs; Postgres drops it the moment that session ends, a kill -9 included.
      -- So a lease or a pending key of an instance that died is known at once, not after a wait.
      CREATE FUNCTION console_instance_alive(instance text) RETURNS boolean
      LANGUAGE sql STABLE AS $$
        SELECT EXISTS (
          SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objsubid = 2
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND classid = 7406221::oid AND objid = hashtext(instance)::oid)
      $$;
      -- The instance a pending key's request is with, and the records as they were before it
      -- (the audit's "before", kept for whoever completes the write after a crash).
      ALTER TABLE idempotent_answers ADD COLUMN owner text;
      ALTER TABLE idempotent_answers ADD COLUMN intent jsonb;
    `,
  },
  filterMigration,
  authMentionsMigration,
  serviceDateMigration,
  dateColumnsMigration,
  statusKeyMigration,
  readableMigration,
  sortTextMigration,
  auditChainMigration,
  sessionsSeenMigration,
  notesMigration,
  presenceMigration,
  auditAnchorMigration,
  viewsMigration,
  noteKeyMigration,
  registerMigration,
  registerOrderMigration,
  factColumnsMigration,
  searchIndexMigration,
  userIndexMigration,
  dateReadingMigration,
  instantMigration,
  factsIndexMigration,
  ringingIndexMigration,
  remindersByNextMigration,
  unreadableIndexMigration,
]

/** The first key of the lock an instance holds while it runs (the second: its ID's hash). */
export const PRESENCE_LOCK_CLASS = 7_406_221

/** The advisory lock held while migrating (any fixed number the server owns). */
const MIGRATION_LOCK = 7_406_221_001

/**
 * Applies the versions not yet applied, then the audit retention, and makes the events' instants
 * again if this process runs in another zone than they were made in (`makeInstantsHere`), in one
 * transaction under an advisory lock. Returns the versions it applied.
 */
export async function migrate(
  storage: Storage,
  options: { auditRetentionDays: number },
  list: readonly Migration[] = migrations,
): Promise<number[]> {
  return storage.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = await tx.query<{ version: number }>('SELECT version FROM schema_migrations')
    const have = new Set(done.rows.map((r) => Number(r.version)))
    const applied: number[] = []
    for (const migration of [...list].sort((a, b) => a.version - b.version)) {
      if (have.has(migration.version)) continue
      await tx.exec(migration.sql)
      await migration.backfill?.(tx)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ])
      applied.push(migration.version)
    }
    await setAuditRetention(tx, options.auditRetentionDays)
    // The events' instants in this process's zone, made again if they were made in another.
    const { rows: zoned } = await tx.query<{ t: string | null }>(
      `SELECT to_regclass('mirror_instants_zone')::text AS t`,
    )
    if (zoned[0]?.t) await makeInstantsHere(tx)
    return applied
  })
}

/**
 * The audit trigger refuses every UPDATE, and every DELETE of a row younger than the retention
 * period (the only deletion allowed is that of entries kept long enough, each noted as the audit
 * chain's anchor, `auditAnchorMigration`). The number of days is
 * written into the function: it is a validated whole number, never text from a request.
 */
export async function setAuditRetention(tx: Sql, days: number) {
  if (!Number.isInteger(days) || days < 1) throw new Error('The audit retention must be whole days')
  await tx.exec(`CREATE OR REPLACE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND OLD.at < now() - interval '${days} days' THEN
        -- The chain's anchor: the oldest entry kept will follow the last one deleted.
        INSERT INTO audit_chain_anchor (id, hash) VALUES (OLD.id, OLD.hash)
          ON CONFLICT (one) DO UPDATE SET id = EXCLUDED.id, hash = EXCLUDED.hash
          WHERE audit_chain_anchor.id < EXCLUDED.id;
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'the audit record is append-only: % refused', TG_OP;
    END $$`)
}
