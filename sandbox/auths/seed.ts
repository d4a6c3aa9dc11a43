import { formatServiceDate } from '../../src/api/schemas/common'
import {
  DIAGNOSES,
  DRGS,
  FEMALE_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  ORGANISATIONS,
  PHYSICIANS,
  PLANS,
  PROCEDURE_DESCRIPTIONS,
  REGIONS,
  SERVICES,
  type ProviderKind,
  type ServiceDef,
} from './catalogue'
import { AUTH_COLUMNS, type AuthKey, type StoredAuth } from './fields'
import { authStore, type ServiceCode } from './store'
import { sandboxUsers } from '../identity/users'
import type { Random } from '../db/random'
import type { Db } from '../db/sqlite'

/**
 * Tables of auths (one column per Auth field, named as the JSON field; dates are canonical
 * `YYYY-MM-DDTHH:mm:ss` text), the members and providers they name, the adjustment trail, the
 * procedure and diagnosis codes of each auth, and the auth code table.
 */
export const authsMigration = `
  CREATE TABLE auth_codes (
    code TEXT PRIMARY KEY NOT NULL,
    status TEXT NOT NULL,
    description TEXT NOT NULL,
    closes INTEGER NOT NULL DEFAULT 0 CHECK (closes IN (0, 1)),
    sort_order INTEGER NOT NULL
  );
  INSERT INTO auth_codes (code, status, description, closes, sort_order) VALUES
    ('A', 'Approved', 'Approved: services may be rendered within the approved range', 0, 1),
    ('P', 'Pended', 'Pended: waiting for review or information', 0, 2),
    ('D', 'Denied', 'Denied: services are not authorized', 0, 3),
    ('C', 'Closed', 'Closed: no further services under this auth', 1, 4);

  CREATE TABLE members (
    subscriber_ID TEXT NOT NULL,
    member_Seq TEXT NOT NULL,
    first_Name TEXT,
    last_Name TEXT,
    birth_Date TEXT,
    gender TEXT,
    vip_Flag INTEGER NOT NULL DEFAULT 0 CHECK (vip_Flag IN (0, 1)),
    plan_ID TEXT,
    region TEXT,
    PRIMARY KEY (subscriber_ID, member_Seq)
  );

  CREATE TABLE providers (
    provider_ID TEXT PRIMARY KEY NOT NULL,
    first_Name TEXT,
    last_Name TEXT,
    org_Name TEXT,
    entity_ID TEXT,
    provider_Type TEXT,
    specialty TEXT,
    federal_ID TEXT,
    payee_ID TEXT,
    payee_Name TEXT
  );

  CREATE TABLE auths (
    auth_Number TEXT PRIMARY KEY NOT NULL,
    actual_From TEXT,
    actual_Location TEXT,
    actual_Thru TEXT,
    additional_Visits REAL,
    amount_Actual REAL,
    amount_Approved REAL,
    amount_Denied REAL,
    amount_Requested REAL,
    approved_By TEXT,
    approved_Date TEXT,
    approved_Frequency TEXT,
    approved_From TEXT,
    approved_Location TEXT,
    approved_Thru TEXT,
    assigned_User TEXT,
    audit_Flag TEXT,
    auth_Code TEXT,
    auth_Type TEXT,
    auto_Accident TEXT,
    bodyCode_ID TEXT,
    careManager_Key INTEGER,
    case_Index_Actual TEXT,
    case_Index_Approved TEXT,
    case_Index_Denied TEXT,
    case_Index_Requested TEXT,
    case_Number TEXT,
    cityCode_ID TEXT,
    closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
    drG_Category TEXT,
    drG_Code TEXT,
    daily_Living INTEGER,
    denied_From TEXT,
    denied_Thru TEXT,
    discharge_Date TEXT,
    entry_Date TEXT NOT NULL,
    entry_User TEXT,
    federal_ID TEXT,
    ivR_Flag TEXT,
    injury_Date TEXT,
    member_Seq TEXT,
    monthly_Amount REAL,
    narrative TEXT,
    new_Or_Extended INTEGER NOT NULL DEFAULT 0 CHECK (new_Or_Extended IN (0, 1)),
    notes TEXT,
    ordered_By_ID TEXT,
    ordered_By_Name TEXT,
    other_Coverage_Primary TEXT,
    other_Insurance TEXT,
    payee_ID TEXT,
    plan_ID TEXT,
    previous_Auth TEXT,
    previous_Treatment INTEGER NOT NULL DEFAULT 0 CHECK (previous_Treatment IN (0, 1)),
    prior_Auth TEXT,
    provider_ID TEXT,
    radiating_Pain INTEGER,
    range_Of_Motion INTEGER,
    received_Date TEXT,
    referred_By_ID TEXT,
    referred_By_Name TEXT,
    region TEXT,
    reinsNotification_Date TEXT,
    requested_Frequency TEXT,
    requested_From TEXT,
    requested_Location TEXT,
    requested_Thru TEXT,
    service_Code TEXT,
    service_Type TEXT,
    status TEXT,
    subscriber_ID TEXT,
    tPlan_DownLoaded INTEGER NOT NULL DEFAULT 0 CHECK (tPlan_DownLoaded IN (0, 1)),
    tPlan_DownLoaded_Date TEXT,
    tPlan_DownLoaded_User TEXT,
    tPlan_Printed TEXT NOT NULL DEFAULT 'N',
    tPlan_Printed_Date TEXT,
    total_Actual REAL,
    total_Approved REAL,
    total_Requested REAL,
    total_Unit_Type TEXT,
    treatment_Type TEXT,
    type_Of_Service TEXT,
    unit_Type TEXT,
    units_Actual REAL,
    units_Approved REAL,
    units_Denied REAL,
    units_Requested REAL,
    update_Date TEXT NOT NULL,
    update_User TEXT,
    urgent INTEGER NOT NULL DEFAULT 0 CHECK (urgent IN (0, 1)),
    visits_Actual REAL,
    visits_Approved REAL,
    visits_Requested REAL,
    visits_To_Date REAL,
    work_Related TEXT
  );
  CREATE INDEX auths_member ON auths (subscriber_ID, member_Seq);
  CREATE INDEX auths_provider ON auths (provider_ID);
  CREATE INDEX auths_previous ON auths (previous_Auth);
  CREATE INDEX auths_assigned ON auths (assigned_User, closed);

  -- The adjustment trail: auth_Number (the adjustment) references referenced_Auth (the original).
  CREATE TABLE auth_references (
    auth_Number TEXT NOT NULL REFERENCES auths (auth_Number) ON DELETE CASCADE ON UPDATE CASCADE,
    referenced_Auth TEXT NOT NULL REFERENCES auths (auth_Number) ON UPDATE CASCADE,
    reference_Type TEXT NOT NULL,
    entry_Date TEXT NOT NULL,
    entry_User TEXT,
    PRIMARY KEY (auth_Number, referenced_Auth)
  );
  CREATE INDEX auth_references_referenced ON auth_references (referenced_Auth);

  -- Procedure (PROC) and diagnosis (DIAG) codes of an auth, in order; seq 1 is the principal one.
  CREATE TABLE auth_service_codes (
    auth_Number TEXT NOT NULL REFERENCES auths (auth_Number) ON DELETE CASCADE ON UPDATE CASCADE,
    code_Type TEXT NOT NULL CHECK (code_Type IN ('PROC', 'DIAG')),
    seq INTEGER NOT NULL,
    code TEXT NOT NULL,
    description TEXT,
    PRIMARY KEY (auth_Number, code_Type, seq)
  );
`

const DAY_MS = 86_400_000
const TOTAL_AUTHS = 1000
const ADJUSTMENTS = 40

const STATUS_OF: Record<string, string> = { A: 'Approved', P: 'Pended', D: 'Denied', C: 'Closed' }

const addDays = (date: Date, days: number) => {
  const d = new Date(date)
  d.setDate(d.getDate() + days)
  return d
}
const startOfDay = (date: Date) => {
  const d = new Date(date)
  d.setHours(0, 0, 0, 0)
  return d
}
const atTime = (date: Date, hours: number, minutes: number) => {
  const d = new Date(date)
  d.setHours(hours, minutes, 0, 0)
  return d
}
const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)
const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b)
const fmt = (date: Date | null) => (date ? formatServiceDate(date) : null)
const digits = (random: Random, n: number) =>
  Array.from({ length: n }, () => String(random.int(0, 9))).join('')
const money = (n: number) => Math.round(n * 100) / 100

interface Member {
  subscriberId: string
  seq: string
  first: string
  last: string
  birth: Date
  female: boolean
  plan: string
  region: string
}

interface Provider {
  id: string
  kind: ProviderKind
  name: string
  specialty: string
  payeeId: string
  federalId: string
}

interface Draft {
  fields: StoredAuth
  entry: Date
  procedures: ServiceCode[]
  diagnoses: ServiceCode[]
  original?: Draft
  /** Notes that mention the original's number, filled once numbers are given. */
  notesFor?: (originalNumber: string) => string
}

/**
 * The member the console's CSV import template names in its example row (subscriber 100244581,
 * member 01), so a first import of the template finds a real member. Inserted apart from the
 * random families (no random draw), and kept out of them so the rest of the demo data stays the
 * same.
 */
export const EXAMPLE_MEMBER = { subscriberId: '100244581', seq: '01' } as const
function seedExampleMember(db: Db) {
  db.prepare(
    `INSERT OR IGNORE INTO members (subscriber_ID, member_Seq, first_Name, last_Name, birth_Date,
       gender, vip_Flag, plan_ID, region) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  ).run(
    EXAMPLE_MEMBER.subscriberId,
    EXAMPLE_MEMBER.seq,
    'Dana',
    'Whitfield',
    '1979-06-14T00:00:00',
    'F',
    'PPO-GOLD',
    'East',
  )
}

function seedMembers(db: Db, random: Random, now: Date): Member[] {
  const insert = db.prepare(
    `INSERT INTO members (subscriber_ID, member_Seq, first_Name, last_Name, birth_Date, gender,
       vip_Flag, plan_ID, region) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const members: Member[] = []
  const year = now.getFullYear()
  const birthIn = (y: number) => new Date(y, random.int(0, 11), random.int(1, 28))
  const firstName = (female: boolean) => random.pick(female ? FEMALE_NAMES : MALE_NAMES)
  for (let i = 0; i < 340; i++) {
    const subscriberId = String(100_240_000 + i * 17 + random.int(0, 9))
    const plan = random.pick(PLANS)
    const region = random.pick(REGIONS)
    const last = random.pick(LAST_NAMES)
    const female = random.chance(0.5)
    const parentYear = year - random.int(24, 84)
    const family: Omit<Member, 'seq' | 'subscriberId' | 'plan' | 'region'>[] = [
      { first: firstName(female), last, birth: birthIn(parentYear), female },
    ]
    const size = random.pick([1, 1, 1, 2, 2, 3, 4] as const)
    if (size >= 2) {
      const spouseFemale = random.chance(0.9) ? !female : female
      family.push({
        first: firstName(spouseFemale),
        last: random.chance(0.8) ? last : random.pick(LAST_NAMES),
        birth: birthIn(parentYear + random.int(-6, 6)),
        female: spouseFemale,
      })
    }
    for (let k = 2; k < size && year - parentYear >= 24; k++) {
      const childFemale = random.chance(0.5)
      const childYear = Math.min(year - 1, parentYear + random.int(22, 40))
      family.push({
        first: firstName(childFemale),
        last,
        birth: birthIn(childYear),
        female: childFemale,
      })
    }
    family.forEach((person, index) => {
      const member: Member = {
        ...person,
        subscriberId,
        seq: String(index + 1).padStart(2, '0'),
        plan,
        region,
      }
      members.push(member)
      insert.run(
        subscriberId,
        member.seq,
        member.first,
        member.last,
        formatServiceDate(member.birth),
        member.female ? 'F' : 'M',
        random.chance(0.02) ? 1 : 0,
        plan,
        region,
      )
    })
  }
  return members
}

function seedProviders(db: Db, random: Random) {
  const insert = db.prepare(
    `INSERT INTO providers (provider_ID, first_Name, last_Name, org_Name, entity_ID, provider_Type,
       specialty, federal_ID, payee_ID, payee_Name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const providers: Provider[] = []
  const payees = new Map<string, { id: string; federalId: string }>()
  const npi = () => '1' + digits(random, 9)
  const taxId = () => `${digits(random, 2)}-${digits(random, 7)}`
  let next = 10_001
  for (const org of ORGANISATIONS) {
    const id = `PRV${next++}`
    const federalId = taxId()
    payees.set(org.name, { id, federalId })
    insert.run(id, null, null, org.name, npi(), org.type, org.type, federalId, id, org.name)
    providers.push({
      id,
      kind: org.kind,
      name: org.name,
      specialty: org.type,
      payeeId: id,
      federalId,
    })
  }
  let nextPayee = 501
  for (const doc of PHYSICIANS) {
    const id = `PRV${next++}`
    let payee = payees.get(doc.group)
    if (!payee) {
      payee = { id: `PAY${nextPayee++}`, federalId: taxId() }
      payees.set(doc.group, payee)
    }
    const type = doc.kind === 'chiro' ? 'Chiropractor' : 'Physician'
    insert.run(
      id,
      doc.first,
      doc.last,
      null,
      npi(),
      type,
      doc.specialty,
      payee.federalId,
      payee.id,
      doc.group,
    )
    providers.push({
      id,
      kind: doc.kind,
      name: `Dr. ${doc.first} ${doc.last}`,
      specialty: doc.specialty,
      payeeId: payee.id,
      federalId: payee.federalId,
    })
  }
  return providers
}

const PENDED_NOTES = [
  (o: string) => `Awaiting clinical notes from ${o}.`,
  () => 'Sent to medical director for review.',
  (o: string) => `Peer-to-peer review requested with ${o}.`,
  () => 'Requested last 30 days of progress notes.',
  () => 'Member called to check on status; advised review is in progress.',
]
const APPROVED_NOTES = [
  () => 'Clinical criteria met; approved as requested.',
  (o: string) => `Reviewed with ${o}; approved.`,
  () => 'Meets medical necessity per plan guidelines.',
  () => 'Approved; provider notified by fax.',
]
const DENIED_NOTES = [
  () => 'Denied: conservative treatment for 6 weeks not documented.',
  () => 'Denied: not medically necessary per plan criteria.',
  () => 'Denied: out-of-network provider and no exception on file.',
  () => 'Denied: requested service is excluded under the member plan.',
]
const CLOSED_NOTES = [
  () => 'Services completed; auth closed.',
  () => 'Final claim received; auth closed.',
  () => 'Member completed treatment plan.',
]

/** Fills the demo auths: believable members, providers, services, decisions and adjustments. */
export function seedAuths(db: Db, random: Random, options: { now: Date }) {
  const { now } = options
  const members = seedMembers(db, random, now)
  seedExampleMember(db)
  const providers = seedProviders(db, random)
  const byKind = (kind: ProviderKind) => providers.filter((p) => p.kind === kind)
  const physicians = byKind('physician')
  const userIds = sandboxUsers.map((u) => u.userId).filter((id) => id !== 'support')
  const reviewers = ['admin', 'staff', 'jmartinez', 'dchen', 'aokafor', 'rpatel', 'lgarcia']
  const staffUser = () => (random.chance(0.15) ? 'staff' : random.pick(userIds))
  const totalWeight = SERVICES.reduce((sum, s) => sum + s.weight, 0)
  const pickService = (): ServiceDef => {
    let r = random.next() * totalWeight
    for (const service of SERVICES) {
      r -= service.weight
      if (r < 0) return service
    }
    return SERVICES[0] as ServiceDef
  }
  const ageAt = (m: Member, date: Date) =>
    Math.floor((date.getTime() - m.birth.getTime()) / (365.25 * DAY_MS))
  const pickMember = (minAge: number) => {
    for (let i = 0; i < 40; i++) {
      const m = random.pick(members)
      if (ageAt(m, now) >= minAge) return m
    }
    return members[0] as Member
  }
  /** A physician of a fitting specialty: a paediatrician for children. */
  const pickOrderer = (service: ServiceDef, member: Member) => {
    const specialties =
      ageAt(member, now) < 18
        ? ['Pediatrics']
        : (service.orderedBy ?? ['Internal Medicine', 'Family Medicine'])
    const fitting = physicians.filter((p) => specialties.includes(p.specialty))
    return random.pick(fitting.length > 0 ? fitting : physicians)
  }
  const code = (c: string, table: Record<string, string>): ServiceCode => ({
    code: c,
    description: table[c] ?? null,
  })

  const drafts: Draft[] = []
  for (let i = 0; i < TOTAL_AUTHS - ADJUSTMENTS; i++) drafts.push(baseDraft())

  function perWeek(service: ServiceDef) {
    return Number(/^(\d)x/.exec(service.frequency)?.[1] ?? 1)
  }

  /** The last day covered by `units` of the service starting on `from`. */
  function thruFor(service: ServiceDef, from: Date, units: number) {
    switch (service.basis) {
      case 'procedure':
        return addDays(from, 29)
      case 'visits':
        return addDays(from, Math.ceil(units / perWeek(service)) * 7 - 1)
      case 'days':
        return addDays(from, units)
      case 'months':
        return addDays(from, units * 30 - 1)
    }
  }

  function baseDraft(): Draft {
    const service = pickService()
    const member = pickMember(service.minAge ?? 0)
    const provider = random.pick(byKind(service.provider))
    const orderer = pickOrderer(service, member)
    const referrer = random.chance(0.7) ? orderer : pickOrderer(service, member)
    const inpatient = service.basis === 'days'
    const urgent = random.chance(inpatient ? 0.35 : 0.04)
    let received = atTime(addDays(now, -random.int(0, 420)), random.int(7, 17), random.int(0, 59))
    if (received.getTime() >= now.getTime()) received = addMinutes(now, -random.int(30, 600))
    const entry = earliest(addMinutes(received, random.int(3, 90)), addMinutes(now, -1))
    const requestedFrom = startOfDay(addDays(received, urgent ? 0 : random.int(1, 21)))
    const unitsRequested = random.int(service.units[0], service.units[1])
    const requestedThru = thruFor(service, requestedFrom, unitsRequested)
    const ageDays = (now.getTime() - received.getTime()) / DAY_MS

    let authCode: string
    const r = random.next()
    if (ageDays < 10) authCode = r < 0.55 ? 'P' : r < 0.9 ? 'A' : 'D'
    else authCode = r < 0.58 ? 'A' : r < 0.68 ? 'D' : r < 0.9 ? 'C' : 'P'
    if (authCode === 'C' && requestedThru.getTime() >= startOfDay(now).getTime()) authCode = 'A'

    const diagnoses = [random.pick(service.diagnoses)]
    if (service.diagnoses.length > 1 && random.chance(0.4)) {
      const second = random.pick(service.diagnoses)
      if (second !== diagnoses[0]) diagnoses.push(second)
    }
    const procedures = [service.code]
    if (service.extraProcedures && random.chance(0.5))
      procedures.push(random.pick(service.extraProcedures))
    const principal = diagnoses[0] as string

    const f = emptyAuth()
    const rate = service.rate
    f.auth_Type = service.authType
    f.service_Type = service.serviceType
    f.service_Code = service.code
    f.unit_Type = service.unitType
    f.total_Unit_Type = service.unitType
    f.type_Of_Service = inpatient ? 'Inpatient' : service.authType === 'DME' ? 'DME' : 'Outpatient'
    f.treatment_Type = random.chance(0.8) ? 'Initial' : 'Continuing'
    f.subscriber_ID = member.subscriberId
    f.member_Seq = member.seq
    f.plan_ID = member.plan
    f.region = member.region
    f.provider_ID = provider.id
    f.payee_ID = provider.payeeId
    f.federal_ID = provider.federalId
    f.ordered_By_ID = orderer.id
    f.ordered_By_Name = orderer.name
    f.referred_By_ID = referrer.id
    f.referred_By_Name = referrer.name
    f.received_Date = fmt(received)
    f.entry_Date = fmt(entry)
    f.entry_User = staffUser()
    f.assigned_User = authCode === 'P' || random.chance(0.8) ? staffUser() : null
    f.urgent = urgent ? 1 : 0
    f.requested_From = fmt(requestedFrom)
    f.requested_Thru = fmt(requestedThru)
    f.requested_Frequency = service.frequency
    f.requested_Location = service.location
    f.units_Requested = unitsRequested
    f.total_Requested = unitsRequested
    f.amount_Requested = money(unitsRequested * rate)
    if (service.basis === 'visits') f.visits_Requested = unitsRequested
    if (service.basis === 'months') f.monthly_Amount = rate
    if (inpatient) {
      const drg = DRGS[principal]
      f.drG_Code = drg?.code ?? null
      f.drG_Category = drg?.category ?? null
    }
    const therapy = service.basis === 'visits'
    f.previous_Treatment = random.chance(therapy ? 0.35 : 0.05) ? 1 : 0
    f.tPlan_Printed = 'N'
    f.audit_Flag = random.chance(0.05) ? 'Y' : 'N'
    f.ivR_Flag = 'N'
    f.other_Insurance = random.chance(0.1) ? 'Y' : 'N'
    if (f.other_Insurance === 'Y') f.other_Coverage_Primary = random.chance(0.5) ? 'Y' : 'N'
    const injury = principal.startsWith('S')
    f.work_Related = injury && random.chance(0.3) ? 'Y' : 'N'
    f.auto_Accident = injury && f.work_Related === 'N' && random.chance(0.3) ? 'Y' : 'N'
    if (injury) f.injury_Date = fmt(startOfDay(addDays(received, -random.int(3, 40))))
    if ((inpatient || service.authType === 'Home Health') && random.chance(0.4)) {
      f.case_Number = `CM-${digits(random, 5)}`
      f.careManager_Key = random.int(1, 12)
    }
    if (random.chance(0.3)) {
      const age = ageAt(member, received)
      f.narrative =
        `${age}-year-old member with ${(DIAGNOSES[principal] ?? principal).toLowerCase()}. ` +
        `${orderer.name} requests ${service.description.toLowerCase()}.`
    }

    let updated = entry
    let updatedBy = f.entry_User
    const decided = earliest(
      addMinutes(
        received,
        (urgent ? random.int(30, 600) : random.int(1, 6) * 24 * 60) + random.int(0, 300),
      ),
      addMinutes(now, -random.int(5, 60)),
    )
    if (authCode === 'A' || authCode === 'C') {
      const partial = service.basis !== 'procedure' && random.chance(0.25)
      const unitsApproved = partial
        ? Math.max(1, Math.round(unitsRequested * (0.5 + random.next() * 0.3)))
        : unitsRequested
      const approvedThru = partial ? thruFor(service, requestedFrom, unitsApproved) : requestedThru
      f.approved_From = fmt(requestedFrom)
      f.approved_Thru = fmt(approvedThru)
      f.approved_Frequency = service.frequency
      f.approved_Location = service.location
      f.approved_By = random.pick(reviewers)
      f.approved_Date = fmt(decided)
      f.units_Approved = unitsApproved
      f.total_Approved = unitsApproved
      f.amount_Approved = money(unitsApproved * rate)
      if (therapy) f.visits_Approved = unitsApproved
      if (unitsApproved < unitsRequested) {
        const deniedFrom = addDays(approvedThru, 1)
        f.denied_From = fmt(
          deniedFrom.getTime() <= requestedThru.getTime() ? deniedFrom : approvedThru,
        )
        f.denied_Thru = fmt(requestedThru)
        f.units_Denied = unitsRequested - unitsApproved
        f.amount_Denied = money((unitsRequested - unitsApproved) * rate)
      }
      updated = decided
      updatedBy = f.approved_By
      if (f.amount_Approved > 15_000) f.reinsNotification_Date = fmt(addDays(decided, 1))

      const started = requestedFrom.getTime() < now.getTime()
      if (authCode === 'C') {
        const unitsActual =
          service.basis === 'procedure'
            ? 1
            : random.int(Math.ceil(unitsApproved * 0.7), unitsApproved)
        const actualFrom =
          service.basis === 'days'
            ? requestedFrom
            : earliest(addDays(requestedFrom, random.int(0, 2)), approvedThru)
        const actualThru =
          service.basis === 'procedure'
            ? actualFrom
            : earliest(thruFor(service, actualFrom, unitsActual), approvedThru)
        f.actual_From = fmt(actualFrom)
        f.actual_Thru = fmt(actualThru)
        f.actual_Location = service.location
        f.units_Actual = unitsActual
        f.total_Actual = unitsActual
        f.amount_Actual = money(unitsActual * rate)
        if (therapy) {
          f.visits_Actual = unitsActual
          f.visits_To_Date = unitsActual
        }
        if (inpatient) f.discharge_Date = fmt(atTime(actualThru, random.int(9, 15), 0))
        f.closed = 1
        const closedAt = earliest(atTime(addDays(actualThru, random.int(3, 30)), 10, 0), now)
        if (closedAt.getTime() > updated.getTime()) updated = closedAt
        updatedBy = staffUser()
      } else if (started && therapy) {
        const span = Math.max(1, approvedThru.getTime() - requestedFrom.getTime())
        const done = Math.min(1, (now.getTime() - requestedFrom.getTime()) / span)
        f.visits_To_Date = Math.floor(unitsApproved * done)
      }
      if (therapy && random.chance(0.2)) {
        f.tPlan_DownLoaded = 1
        f.tPlan_DownLoaded_Date = fmt(addMinutes(decided, random.int(60, 2000)))
        f.tPlan_DownLoaded_User = staffUser()
      }
      if (therapy && random.chance(0.15)) {
        f.tPlan_Printed = 'Y'
        f.tPlan_Printed_Date = fmt(addMinutes(decided, random.int(60, 2000)))
      }
    } else if (authCode === 'D') {
      f.denied_From = fmt(requestedFrom)
      f.denied_Thru = fmt(requestedThru)
      f.units_Denied = unitsRequested
      f.amount_Denied = money(unitsRequested * rate)
      updated = decided
      updatedBy = random.pick(reviewers)
    }
    f.auth_Code = authCode
    f.status = STATUS_OF[authCode] ?? null
    const notes = { A: APPROVED_NOTES, C: CLOSED_NOTES, D: DENIED_NOTES, P: PENDED_NOTES }[
      authCode as 'A' | 'C' | 'D' | 'P'
    ]
    if (random.chance(0.85)) f.notes = random.pick(notes)(orderer.name)
    if (updated.getTime() > now.getTime()) updated = now
    f.update_Date = fmt(updated)
    f.update_User = updatedBy

    return {
      fields: f,
      entry,
      procedures: procedures.map((c) => code(c, PROCEDURE_DESCRIPTIONS)),
      diagnoses: diagnoses.map((c) => code(c, DIAGNOSES)),
    }
  }

  // Adjustments: extensions of approved auths, each a new auth that references its original.
  const adjustable = drafts.filter(
    (d) =>
      d.fields.auth_Code === 'A' &&
      d.fields.service_Code !== null &&
      SERVICES.find((s) => s.code === d.fields.service_Code)?.basis !== 'procedure',
  )
  const used = new Set<Draft>()
  for (let i = 0; i < ADJUSTMENTS; i++) {
    let original: Draft | undefined
    for (let tries = 0; tries < 50 && !original; tries++) {
      const candidate =
        i % 8 === 7 && drafts.length > TOTAL_AUTHS - ADJUSTMENTS
          ? (drafts[drafts.length - 1] as Draft)
          : random.pick(adjustable)
      const decidedAt = new Date(candidate.fields.approved_Date as string)
      if (!used.has(candidate) && addDays(decidedAt, 8).getTime() < now.getTime())
        original = candidate
    }
    if (!original) original = random.pick(adjustable)
    used.add(original)
    drafts.push(adjustmentDraft(original))
  }

  function adjustmentDraft(original: Draft): Draft {
    const o = original.fields
    const service = SERVICES.find((s) => s.code === o.service_Code) as ServiceDef
    const decidedAt = new Date(o.approved_Date as string)
    const latest = addMinutes(now, -random.int(60, 3000))
    const entry = earliest(addDays(decidedAt, random.int(7, 45)), latest)
    const extra =
      service.basis === 'days'
        ? random.int(1, 3)
        : service.basis === 'months'
          ? random.int(1, 6)
          : random.int(2, 8)
    const approvedFrom = new Date(o.approved_From as string)
    const units = (o.units_Approved as number) + extra
    const approvedThru = thruFor(service, approvedFrom, units)
    const f: StoredAuth = { ...o }
    f.entry_Date = fmt(entry)
    f.entry_User = staffUser()
    f.received_Date = fmt(addMinutes(entry, -random.int(5, 120)))
    f.new_Or_Extended = 1
    f.treatment_Type = 'Continuing'
    f.requested_From = fmt(approvedFrom)
    f.requested_Thru = fmt(approvedThru)
    f.approved_From = fmt(approvedFrom)
    f.approved_Thru = fmt(approvedThru)
    f.approved_Date = fmt(earliest(addMinutes(entry, random.int(60, 2880)), addMinutes(now, -1)))
    f.approved_By = random.pick(reviewers)
    f.units_Requested = units
    f.units_Approved = units
    f.total_Requested = units
    f.total_Approved = units
    f.units_Denied = null
    f.amount_Denied = null
    f.denied_From = null
    f.denied_Thru = null
    f.amount_Requested = money(units * service.rate)
    f.amount_Approved = money(units * service.rate)
    if (service.basis === 'visits') {
      f.visits_Requested = units
      f.visits_Approved = units
      f.additional_Visits = extra
    }
    f.auth_Code = 'A'
    f.status = STATUS_OF.A as string
    f.closed = 0
    f.update_Date = f.approved_Date
    f.update_User = f.approved_By
    return {
      fields: f,
      entry,
      procedures: original.procedures,
      diagnoses: original.diagnoses,
      original,
      notesFor: (n) =>
        `Extension of ${n}: ${extra} more ${service.unitType.toLowerCase()}${extra > 1 ? 's' : ''} approved.`,
    }
  }

  // Numbers follow entry order, one sequence per entry year: 25-000001, ..., 26-000001, ...
  drafts.sort((a, b) => a.entry.getTime() - b.entry.getTime())
  const store = authStore(db)
  const sequences = new Map<string, number>()
  const numbers = new Map<Draft, string>()
  for (const draft of drafts) {
    const yy = String(draft.entry.getFullYear() % 100).padStart(2, '0')
    const n = (sequences.get(yy) ?? 0) + 1
    sequences.set(yy, n)
    const number = `${yy}-${String(n).padStart(6, '0')}`
    numbers.set(draft, number)
    draft.fields.auth_Number = number
    if (draft.original) {
      const originalNumber = numbers.get(draft.original) as string
      draft.fields.previous_Auth = originalNumber
      draft.fields.notes = draft.notesFor?.(originalNumber) ?? null
    }
    store.insert(draft.fields)
    store.replaceServiceCodes(number, 'PROC', draft.procedures)
    store.replaceServiceCodes(number, 'DIAG', draft.diagnoses)
    if (draft.original)
      store.addReference(
        number,
        draft.fields.previous_Auth as string,
        'ADJUSTMENT',
        draft.fields.entry_Date as string,
        draft.fields.entry_User as string,
      )
  }
  for (const [yy, last] of sequences) store.setNumberSequence(yy, last)
}

/** An auth with every field empty and the NOT NULL ones at their defaults. */
export function emptyAuth(): StoredAuth {
  const auth = Object.fromEntries(AUTH_COLUMNS.map((c) => [c, null])) as StoredAuth
  const defaults: Partial<Record<AuthKey, string | number>> = {
    closed: 0,
    new_Or_Extended: 0,
    previous_Treatment: 0,
    tPlan_DownLoaded: 0,
    tPlan_Printed: 'N',
    urgent: 0,
  }
  return { ...auth, ...defaults }
}
