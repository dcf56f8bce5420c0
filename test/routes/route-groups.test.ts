import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { routeGroups } from '../../src/routes/route-table.js'
import { BODY_ROUTES } from '../reliability/bodies.js'
import { OS_BODY_ROUTES } from '../reliability/os-bodies.js'
import { OS_MACHINE_BODY_ROUTES } from '../reliability/os-machine-bodies.js'
import { MACHINE_BODY_ROUTES } from '../reliability/machine-bodies.js'
import { RECORD_BODY_ROUTES } from '../reliability/record-bodies.js'
import { SERVICE_BODY_ROUTES } from '../reliability/service-bodies.js'
import { ACCOUNT_BODY_ROUTES } from '../reliability/account-bodies.js'

const endpoints = readFileSync(new URL('../../docs/endpoints.md', import.meta.url), 'utf8')
const described = new Set(
  [
    ...BODY_ROUTES,
    ...RECORD_BODY_ROUTES,
    ...SERVICE_BODY_ROUTES,
    ...OS_BODY_ROUTES,
    ...OS_MACHINE_BODY_ROUTES,
    ...ACCOUNT_BODY_ROUTES,
    ...MACHINE_BODY_ROUTES,
  ].map((route) => route.operation),
)
// `onboarded` reads a bare boolean, not an object: its refusals are in os.contract.test.ts. The MCP entry points
// read JSON-RPC messages the MCP server checks (test/mcp/).
// The OS routes that read a bare string (a path, a URL) are refused in os-machine.contract.test.ts;
// `applicationsSessionClose` reads a bare JSON string, the session id (accounts.contract.test.ts).
const BARE_BODIES = new Set([
  'onboarded',
  'applicationsSessionClose',
  'modelContextProtocolMessages',
  'modelContextProtocolStreamableHttp',
  'osFilesystemPathVerify',
  'osFilesystemFileOpen',
  'osBrowserUrlOpen',
])

describe('an operation family is one group of the route table', () => {
  it.each(routeGroups())('lists every operation of the $name group in docs/endpoints.md under its group', (group) => {
    const missing = group.operations.filter(
      (operation) => !endpoints.includes(`| ${group.name} | \`${operation.id}\` |`),
    )
    expect(missing.map((operation) => operation.id)).toEqual([])
  })

  it.each(routeGroups())('describes the body of every write of the $name group that reads one', (group) => {
    const readsBody = group.operations.filter(
      (operation) => operation.method === 'POST' && (operation.body ?? 'required') !== 'none',
    )
    const undescribed = readsBody.filter((operation) => !described.has(operation.id) && !BARE_BODIES.has(operation.id))
    expect(undescribed.map((operation) => operation.id)).toEqual([])
  })
})
