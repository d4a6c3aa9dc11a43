import type { SandboxApp, SandboxContext } from '../app'

export function registerAuthRoutes(_app: SandboxApp, _ctx: SandboxContext) {}
