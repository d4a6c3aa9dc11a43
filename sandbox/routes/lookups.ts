import type { SandboxApp, SandboxContext } from '../app'

export function registerLookupRoutes(_app: SandboxApp, _ctx: SandboxContext) {}
