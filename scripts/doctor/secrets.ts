import { createInterface } from 'node:readline/promises'
import { printable } from './output'

/**
 * The doctor's secrets: from the environment (DOCTOR_API_KEY, DOCTOR_USERNAME, DOCTOR_PASSWORD,
 * DOCTOR_TOKEN), else asked on the terminal, the API key, password and token without echo. Never
 * from the command line (`args.ts` refuses them there).
 */

export interface Secrets {
  apiKey: string
  /** A bearer token to use instead of signing in. */
  token?: string | undefined
  username?: string | undefined
  password?: string | undefined
}

export interface Terminal {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }
  /** Where questions go (stderr, so that `--json` output stays clean). */
  output: NodeJS.WritableStream
}

export type SecretsResult = { ok: true; secrets: Secrets } | { ok: false; message: string }

class Cancelled extends Error {}

export async function gatherSecrets(
  env: Record<string, string | undefined>,
  terminal: Terminal,
): Promise<SecretsResult> {
  const interactive =
    terminal.input.isTTY === true && typeof terminal.input.setRawMode === 'function'
  const missing = (what: string) => ({
    ok: false as const,
    message: `${what} is not set and there is no terminal to ask on.`,
  })
  try {
    const apiKey = env.DOCTOR_API_KEY || (interactive ? await askHidden('API key: ', terminal) : '')
    if (!apiKey) return missing('DOCTOR_API_KEY')
    const envToken = env.DOCTOR_TOKEN?.trim()
    if (envToken) return { ok: true, secrets: { apiKey, token: stripBearer(envToken) } }

    let username = env.DOCTOR_USERNAME
    if (!username) {
      if (!interactive) return missing('DOCTOR_USERNAME with DOCTOR_PASSWORD (or DOCTOR_TOKEN)')
      username = await ask('Username (leave empty to paste a token instead): ', terminal)
      if (!username) {
        const token = stripBearer(await askHidden('Token: ', terminal))
        if (!token) return { ok: false, message: 'No username and no token given.' }
        return { ok: true, secrets: { apiKey, token } }
      }
    }
    const password =
      env.DOCTOR_PASSWORD ||
      (interactive ? await askHidden(`Password for ${printable(username)}: `, terminal) : '')
    if (!password) return missing('DOCTOR_PASSWORD')
    return { ok: true, secrets: { apiKey, username, password } }
  } catch (error) {
    if (error instanceof Cancelled) return { ok: false, message: 'Cancelled.' }
    throw error
  }
}

const stripBearer = (token: string) => token.trim().replace(/^Bearer\s+/i, '')

async function ask(question: string, terminal: Terminal): Promise<string> {
  const rl = createInterface({ input: terminal.input, output: terminal.output, terminal: true })
  try {
    return (await rl.question(question)).trim()
  } finally {
    rl.close()
  }
}

/** Reads a line with the terminal in raw mode, echoing nothing. Ctrl-C or Ctrl-D cancels. */
function askHidden(question: string, terminal: Terminal): Promise<string> {
  const input = terminal.input
  return new Promise((resolve, reject) => {
    terminal.output.write(question)
    let value = ''
    const finish = (outcome: () => void) => {
      input.off('data', onData)
      input.setRawMode?.(false)
      input.pause()
      terminal.output.write('\n')
      outcome()
    }
    const onData = (chunk: Buffer | string) => {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') return finish(() => resolve(value.trim()))
        if (ch === '\u0003' || ch === '\u0004') return finish(() => reject(new Cancelled()))
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1)
        else if (ch >= ' ') value += ch
      }
    }
    input.setRawMode?.(true)
    input.setEncoding('utf8')
    input.on('data', onData)
    input.resume()
  })
}
