/**
 * What the user's roles allow, as the service enforces it (admin: sessions and the password
 * policy; support or admin: changing auths), and the console server (admin or compliance: the
 * audit record, by default). A session whose token names no roles (a pasted
 * token without them) is shown everything, and the service decides. Plain, so the page
 * declarations read it without React.
 */
export type Permission = 'admin' | 'changeAuths' | 'audit'
const needs: Record<Permission, string[]> = {
  admin: ['admin'],
  changeAuths: ['support', 'admin'],
  audit: ['admin', 'compliance'],
}
export function userCan(user: { roles: string[] }, permission: Permission): boolean {
  return user.roles.length === 0 || needs[permission].some((role) => user.roles.includes(role))
}
