/**
 * This tab's own ID, made when the page loads: the console server counts a tab's presence on a
 * record while the stream of that tab is open. Random, names nobody, kept nowhere.
 */
export const TAB_ID = `tab-${crypto.randomUUID()}`
