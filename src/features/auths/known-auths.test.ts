import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Auth } from '@/api/schemas/auth'
import { knownAuths, searchKnownAuths } from './known-auths'
import { authKeys } from './queries'

const auth = (fields: Partial<Auth>): Auth => ({
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  ...fields,
})

describe('knownAuths', () => {
  it('are the auths and names read this session, of one database', () => {
    const client = new QueryClient()
    client.setQueryData(
      authKeys.detail('demo', '26-000001'),
      auth({ auth_Number: '26-000001', status: 'Pended' }),
    )
    client.setQueryData(authKeys.vba('demo', '26-000001'), {
      member_First_Name: 'Jane',
      member_Last_Name: 'Okafor',
      provider_Org_Name: 'Lakeside Physical Therapy',
    })
    client.setQueryData(authKeys.vba('demo', '26-000002'), {
      authDetail: auth({ auth_Number: '26-000002', status: 'Approved', provider_ID: 'PRV10005' }),
    })
    client.setQueryData(
      authKeys.detail('training', '26-000003'),
      auth({ auth_Number: '26-000003' }),
    )
    const known = knownAuths(client, 'demo')
    expect(known.map((k) => k.auth.auth_Number).sort()).toEqual(['26-000001', '26-000002'])

    expect(searchKnownAuths(known, 'okafor').map((k) => k.auth.auth_Number)).toEqual(['26-000001'])
    expect(searchKnownAuths(known, 'lakeside pended').map((k) => k.auth.auth_Number)).toEqual([
      '26-000001',
    ])
    expect(searchKnownAuths(known, 'PRV10005').map((k) => k.auth.auth_Number)).toEqual([
      '26-000002',
    ])
    expect(searchKnownAuths(known, 'approved').map((k) => k.auth.auth_Number)).toEqual([
      '26-000002',
    ])
    expect(searchKnownAuths(known, 'nobody')).toEqual([])
  })
})
