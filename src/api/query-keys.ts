/**
 * Root of every query key: data belongs to one database, so keys start with it and switching
 * database can never show (or overwrite) another database's answers.
 */
export const dbKey = (db: string) => ['db', db] as const

export type DbKey = ReturnType<typeof dbKey>

/** The key of every notes question of a database: a note's change anywhere reads them again. */
export const notesKey = (db: string) => [...dbKey(db), 'notes'] as const

/** The key of every presence question of a database: a change of who is where reads them again. */
export const presenceKey = (db: string) => [...dbKey(db), 'presence'] as const

/** The key of the saved views kept by the console server: a change of any reads them again. */
export const viewsKey = (db: string) => [...dbKey(db), 'views'] as const
