import { z } from 'zod/mini'

// zod/mini carries no messages of its own ("Invalid input" for everything): the contract's
// problems read in English ("expected number, received string"), in the page, the index's worker
// and the sandbox alike. Every module of the contract takes `z` from here. Jitless: zod would
// otherwise probe `new Function` to compile its object parsers, which the console's
// Content-Security-Policy forbids (a violation reported on every page that parsed an answer).
z.config({ ...z.locales.en(), jitless: true })

export { z }
