/**
 * The sandbox's staff. The named accounts (and `COMPLIANCE_USER`) sign in with DEMO_PASSWORD.
 */
export const DEMO_PASSWORD = 'Sandbox!2026'

export interface SandboxUser {
  userId: string
  name: string
  roles: string[]
  /** The user groups they belong to (`userGroup_Key`s): the token's `groups` claim. */
  groups: number[]
}

const named: SandboxUser[] = [
  { userId: 'admin', name: 'Alex Admin', roles: ['admin', 'staff'], groups: [1, 2, 3, 4, 5, 6] },
  { userId: 'staff', name: 'Sam Staff', roles: ['staff'], groups: [1, 3] },
  { userId: 'support', name: 'Pat Support', roles: ['support', 'staff'], groups: [1, 4] },
]

const others = [
  ['jmartinez', 'Julia Martinez'],
  ['dchen', 'David Chen'],
  ['aokafor', 'Adaeze Okafor'],
  ['mnguyen', 'Minh Nguyen'],
  ['rpatel', 'Ravi Patel'],
  ['lgarcia', 'Lucia Garcia'],
  ['tjohnson', 'Tara Johnson'],
  ['bwilliams', 'Ben Williams'],
  ['kbrown', 'Kayla Brown'],
  ['ejones', 'Ethan Jones'],
  ['smiller', 'Sofia Miller'],
  ['cdavis', 'Chris Davis'],
  ['hwilson', 'Hannah Wilson'],
  ['nmoore', 'Noah Moore'],
  ['otaylor', 'Olivia Taylor'],
  ['ganderson', 'Grace Anderson'],
  ['pthomas', 'Peter Thomas'],
  ['zjackson', 'Zoe Jackson'],
  ['iwhite', 'Isaac White'],
  ['mharris', 'Maya Harris'],
  ['lmartin', 'Leo Martin'],
  ['athompson', 'Ava Thompson'],
  ['wlee', 'Wei Lee'],
  ['fsantos', 'Fatima Santos'],
  ['ykim', 'Yuna Kim'],
  ['orossi', 'Omar Rossi'],
  ['eschmidt', 'Elena Schmidt'],
  ['dmurphy', 'Declan Murphy'],
  ['akowalski', 'Anna Kowalski'],
  ['vsingh', 'Vikram Singh'],
] as const

export const sandboxUsers: SandboxUser[] = [
  ...named,
  // Each belongs to one group, a few to two: a team of five or six per group.
  ...others.map(([userId, name], i) => ({
    userId,
    name,
    roles: ['staff'],
    groups: i % 4 === 0 ? [(i % 6) + 1, ((i + 2) % 6) + 1] : [(i % 6) + 1],
  })),
]

/**
 * The account the console's own server reads the plan with (`npm start` runs it beside the
 * sandbox): a staff member of no group, assigned no work, in no directory, so no test or demo
 * that ends someone's session or lists people meets it.
 */
export const SERVICE_ACCOUNT: SandboxUser = {
  userId: 'console-server',
  name: 'Console server',
  roles: ['staff'],
  groups: [],
}

/**
 * A compliance officer: reads the audit record (the console server's `AUDIT_ROLES`), works no
 * events; kept out of `sandboxUsers` so the seeded work is the same with or without them.
 */
export const COMPLIANCE_USER: SandboxUser = {
  userId: 'compliance',
  name: 'Casey Compliance',
  roles: ['compliance'],
  groups: [],
}

/** Everyone who signs in to the sandbox with DEMO_PASSWORD. */
export const signInUsers: SandboxUser[] = [...sandboxUsers, COMPLIANCE_USER]

/** The groups of a user of the sandbox (none for an unknown one). */
export const groupsOf = (userId: string) =>
  signInUsers.find((u) => u.userId === userId)?.groups ?? []

/** User groups events can be assigned to (`userGroup_Key`). */
export const userGroups = [
  { key: 1, name: 'Utilization review' },
  { key: 2, name: 'Claims audit' },
  { key: 3, name: 'Member services' },
  { key: 4, name: 'Provider relations' },
  { key: 5, name: 'Care management' },
  { key: 6, name: 'Finance and reporting' },
] as const
