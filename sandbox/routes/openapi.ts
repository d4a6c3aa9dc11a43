import type { SandboxApp } from '../app'

export function registerOpenApiRoute(_app: SandboxApp) {}
