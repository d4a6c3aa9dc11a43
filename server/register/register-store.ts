import { parseServiceDate } from '../../src/api/dates'
import type { Auth } from '../../src/api/schemas/auth'
import {
  DEFAULT_DECISION_RULES,
  dueUnder,
  ruleFor,
  type DecisionRules,
} from '../../src/features/auths/model/decision-clock'
import {
  approves,
  outcomeOf,
  reviewExtended,
  type Outcome,
} from '../../src/features/auths/model/decision-outcome'
import type { DecisionRecord } from '../../src/features/auths/model/cms-report'
import { isDecided } from '../../src/features/auths/model/tone'
import type { Sql } from '../db/storage'

/*
 * The auth register: every auth the server meets (read or written through the console, named in
 * an event, imported) is kept in `mirror_auths` with how and when it was first met, its clock's
 * facts as the auth model reads them (received, due under the decision rules, urgent, decided),
 * and each decision the server sees in `auth_decisions`: its outcome, and its time when the
 * server saw the auth before it was decided (a write it passed, or a re-read). An auth met
 * already decided has its decision recorded without a time ("not observed"), never a guess.
 */

/** How an auth came to be known. */
export type MetBy = 'lookup' | 'console' | 'event' | 'import'
export const MET_BY: readonly MetBy[] = ['lookup', 'console', 'event', 'import']

/**
 * Version 21 of `migrations`: the register's default order (undecided first, the soonest due,
 * then the number) as an index, so a page of it is read in order and stops at its end instead of
 * sorting every auth the filter takes; and the IDs it is filtered by, by their start.
 */
export const registerOrderMigration = {
  version: 21,
  name: "the register's default order as an index",
  sql: `
    CREATE INDEX mirror_auths_in_due_order
      ON mirror_auths (database, decided, due_ms, auth_number);
    -- A provider's, a member's or an auth's ID by its start, in any case.
    CREATE INDEX mirror_auths_by_provider
      ON mirror_auths (database, lower(provider_id) text_pattern_ops);
    CREATE INDEX mirror_auths_by_member
      ON mirror_auths (database, lower(subscriber_id) text_pattern_ops);
    CREATE INDEX mirror_auths_by_number
      ON mirror_auths (database, lower(auth_number) text_pattern_ops);
  `,
}

/** Version 20 of `migrations`. */
export const registerMigration = {
  version: 20,
  name: 'the auth register: how each auth was met, its clock, the decisions seen',
  sql: `
    ALTER TABLE mirror_auths
      ADD COLUMN met_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN met_by text NOT NULL DEFAULT 'lookup',
      ADD COLUMN last_read_at timestamptz,
      ADD COLUMN gone boolean NOT NULL DEFAULT false,
      ADD COLUMN received_ms bigint,
      ADD COLUMN due_ms bigint,
      ADD COLUMN urgent boolean NOT NULL DEFAULT false,
      ADD COLUMN decided boolean NOT NULL DEFAULT false,
      ADD COLUMN closed boolean NOT NULL DEFAULT false,
      ADD COLUMN provider_id text,
      ADD COLUMN subscriber_id text,
      ADD COLUMN service_type text;
    CREATE INDEX mirror_auths_by_due ON mirror_auths (database, due_ms) WHERE NOT decided;
    CREATE INDEX mirror_auths_by_assignee ON mirror_auths (database, assigned_user);
    CREATE INDEX mirror_auths_to_read ON mirror_auths (database, last_read_at)
      WHERE NOT (decided AND closed) AND NOT gone;

    CREATE TABLE auth_decisions (
      id bigserial PRIMARY KEY,
      database text NOT NULL,
      auth_number text NOT NULL,
      outcome text NOT NULL,
      -- When it was made (the service's stamp of the change that made it), or null: not observed.
      decided_ms bigint,
      seen_at timestamptz NOT NULL DEFAULT now(),
      urgent boolean NOT NULL,
      received_ms bigint,
      due_ms bigint,
      extended boolean NOT NULL,
      service_type text
    );
    CREATE INDEX auth_decisions_by_auth ON auth_decisions (database, auth_number, id);

    -- Auth numbers events name that the service does not hold (not asked again).
    CREATE TABLE auth_unknown (
      database text NOT NULL,
      auth_number text NOT NULL,
      checked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (database, auth_number)
    );

    -- The breach alerts given: one per auth, person and clock state.
    CREATE TABLE auth_alerts (
      database text NOT NULL,
      auth_number text NOT NULL,
      user_id text NOT NULL,
      state text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (database, auth_number, user_id, state)
    );
  `,
}

let rules: DecisionRules = DEFAULT_DECISION_RULES

/** The decision rules the register's clocks use (the console's `decisionClock`). */
export function setRegisterRules(next: DecisionRules) {
  rules = next
}
export const registerRules = () => rules

/** What the register keeps of an auth beside its record: the auth model's reading of it. */
export function registerFacts(record: Record<string, unknown>) {
  const auth = record as Auth
  const received = parseServiceDate(auth.received_Date)
  const rule = ruleFor(auth, rules)
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
  return {
    receivedMs: received?.getTime() ?? null,
    dueMs: received && rule ? dueUnder(rule, received).getTime() : null,
    urgent: auth.urgent === true,
    decided: isDecided(auth),
    closed: auth.closed === true,
    outcome: outcomeOf(auth),
    providerId: text(auth.provider_ID),
    subscriberId: text(auth.subscriber_ID),
    serviceType: text(auth.service_Type),
    extended: reviewExtended(auth.narrative),
    stampMs: parseServiceDate(auth.update_Date)?.getTime() ?? null,
  }
}

/** How a record reached the server: read from the service, or the answer of a write. */
export interface Meeting {
  by: MetBy
  via: 'read' | 'write'
}

/**
 * Keeps the register's facts of an auth just stored, and records a decision it now holds that
 * the register had not: timed when the register held the auth undecided (or the write that made
 * it is the one passing), "not observed" when it was met already decided.
 */
export async function registerAuth(
  tx: Sql,
  database: string,
  record: Record<string, unknown>,
  before: Record<string, unknown> | null,
  meeting: Meeting,
) {
  const number = record.auth_Number as string
  const facts = registerFacts(record)
  await tx.query(
    `UPDATE mirror_auths SET received_ms = $3, due_ms = $4, urgent = $5, decided = $6,
       closed = $7, provider_id = $8, subscriber_id = $9, service_type = $10, gone = false,
       last_read_at = CASE WHEN $11 THEN now() ELSE last_read_at END,
       met_by = CASE WHEN met_at = now() THEN $12 ELSE met_by END
     WHERE database = $1 AND auth_number = $2`,
    [
      database,
      number,
      facts.receivedMs,
      facts.dueMs,
      facts.urgent,
      facts.decided,
      facts.closed,
      facts.providerId,
      facts.subscriberId,
      facts.serviceType,
      meeting.via === 'read',
      meeting.by,
    ],
  )
  const was: Outcome | null = before ? outcomeOf(before as Auth) : null
  const now = facts.outcome
  if (now === null || now === was) return
  // A first sight of a decided auth read from the service: made out of sight.
  const observed = before !== null || meeting.via === 'write'
  await tx.query(
    `INSERT INTO auth_decisions (database, auth_number, outcome, decided_ms, urgent, received_ms,
       due_ms, extended, service_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      database,
      number,
      now,
      observed ? facts.stampMs : null,
      facts.urgent,
      facts.receivedMs,
      facts.dueMs,
      facts.extended,
      facts.serviceType,
    ],
  )
}

/** Every request's decision as the CMS report reads it: its first, and an approval after denial. */
export async function decisionRecords(tx: Sql, database: string): Promise<DecisionRecord[]> {
  const { rows } = await tx.query<{
    auth_number: string
    outcome: Outcome
    decided_ms: string | number | null
    urgent: boolean
    received_ms: string | number | null
    due_ms: string | number | null
    extended: boolean
    service_type: string | null
  }>(
    `SELECT auth_number, outcome, decided_ms, urgent, received_ms, due_ms, extended, service_type
     FROM auth_decisions WHERE database = $1 ORDER BY auth_number, id`,
    [database],
  )
  const num = (v: string | number | null) => (v === null ? null : Number(v))
  const records: DecisionRecord[] = []
  let first = null as DecisionRecord | null
  for (const r of rows) {
    if (first?.authNumber === r.auth_number) {
      if (first.outcome === 'denied' && approves(r.outcome)) first.approvedAfterAppeal = true
      continue
    }
    first = {
      authNumber: r.auth_number,
      urgent: r.urgent,
      serviceType: r.service_type,
      receivedMs: num(r.received_ms),
      dueMs: num(r.due_ms),
      outcome: r.outcome,
      decidedMs: num(r.decided_ms),
      extended: r.extended,
      approvedAfterAppeal: false,
    }
    records.push(first)
  }
  return records
}
