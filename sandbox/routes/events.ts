import type { SandboxApp, SandboxContext } from '../app'

export function registerEventRoutes(_app: SandboxApp, _ctx: SandboxContext) {}
