// Runs a package's command with this Node (process.execPath and the package's own JS entry), not
// through `npx`: spawning `npx` without a shell fails on Windows, where it is `npx.cmd`.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The JS file behind `bin` of package `pkg` in this project's node_modules. */
export function binPath(pkg, bin = pkg) {
  const dir = path.resolve('node_modules', pkg)
  const { bin: bins } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
  const file = typeof bins === 'string' ? bins : bins?.[bin]
  if (!file) throw new Error(`${pkg} has no command ${bin}`)
  return path.join(dir, file)
}

/** Runs it to the end; returns the exit status. */
export function runBinSync(pkg, args, options = {}) {
  const bin = options.bin ?? pkg
  const result = spawnSync(process.execPath, [binPath(pkg, bin), ...args], {
    stdio: 'inherit',
    ...options,
  })
  return result.status ?? 1
}

/** Starts it; returns the child process. */
export const spawnBin = (pkg, args, options = {}) =>
  spawn(process.execPath, [binPath(pkg, options.bin ?? pkg), ...args], options)
