import { createContext, type ComponentType } from 'react'

/**
 * What a page composing features shows beside each auth number an event's text links to (the
 * auth's decision clock): the events feature knows no auths, so the route provides it.
 */
export const AuthReferenceAddon = createContext<ComponentType<{ authNumber: string }> | null>(null)
