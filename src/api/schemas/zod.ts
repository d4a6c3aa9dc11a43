import { z } from 'zod/mini'

// zod/mini carries no messages of its own ("Invalid input" for everything): the contract's
// problems read in English ("expected number, received string"), in the page, the index's worker
// and the sandbox alike. Every module of the contract takes `z` from here.
z.config(z.locales.en())

export { z }
