// The README and docs/ name only what the code has: every `--flag` of the CLI they write is one a command's
// parser accepts, every `/__mock/…` route they name is one the mock routes, every entry of the package is in the
// README's table (and no entry there that the package lacks), and every scenario is listed where scenarios are.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DRIFT_OPTION_SPECS } from '../../src/cli/drift-command.js'
import { FIXTURES_OPTION_SPECS } from '../../src/cli/fixtures-command.js'
import { FIXTURES_IMPORT_OPTION_SPECS } from '../../src/cli/fixtures-import-command.js'
import { parseCliArguments, type CliOptionSpecs } from '../../src/cli/parse-cli-arguments.js'
import { RECORD_OPTION_SPECS } from '../../src/cli/record-command.js'
import { SERVE_OPTION_SPECS } from '../../src/cli/serve-options.js'
import { createMockService } from '../../src/core/create-mock-service.js'
import { portOf } from '../../src/core/service-port.js'
import { SCENARIOS } from '../../src/seeding/scenarios.js'

const root = new URL('../../', import.meta.url)
const read = (file: string) => readFileSync(new URL(file, root), 'utf8')
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const texts = new Map(pages.map((page) => [page, read(page)]))

/** The options of every command of the CLI: serve, fixtures, fixtures import, record, drift. */
const COMMANDS: Readonly<Record<string, CliOptionSpecs>> = {
  serve: SERVE_OPTION_SPECS,
  fixtures: FIXTURES_OPTION_SPECS,
  'fixtures import': FIXTURES_IMPORT_OPTION_SPECS,
  record: RECORD_OPTION_SPECS,
  drift: DRIFT_OPTION_SPECS,
}
/** The top level's own flags (src/cli/commands.ts), read before any command's parser. */
const TOP_LEVEL = new Set(['--version'])

/**
 * Flags the docs name that belong to other programs: the owner is a script of this repository (whose source must
 * still name the option) or a tool of its own (node, npm, curl).
 */
const OTHER_PROGRAMS: Readonly<Record<string, readonly string[]>> = {
  '--expose-gc': ['node'],
  '--max-old-space-size': ['node'],
  '--experimental-vm-modules': ['node'],
  '--test': ['node'],
  '--save': ['npm', 'npx msw init'],
  '--save-dev': ['npm'],
  '--prefix': ['npm'],
  '--http2': ['curl'],
  '--quick': ['bench/run.mjs'],
  '--leg': ['bench/run.mjs', 'bench/guard.mjs', 'bench/ceilings.mjs'],
  '--record': ['bench/guard.mjs'],
  '--only': ['bench/run.mjs', 'scripts/consumer-matrix.mjs'],
  '--jest': ['scripts/consumer-matrix.mjs'],
  '--msw': ['scripts/consumer-matrix.mjs'],
  '--minutes': ['scripts/soak.mjs'],
  '--seconds': ['scripts/soak.mjs'],
  '--clients': ['scripts/soak.mjs'],
  '--streams': ['scripts/soak.mjs'],
  '--reset-every': ['scripts/soak.mjs'],
}

/** Every `--flag` the pages name, with the pages naming it. */
function namedFlags(): Map<string, string[]> {
  const flags = new Map<string, string[]>()
  for (const [page, text] of texts) {
    for (const [, flag] of text.matchAll(/(?:^|[\s`(])(--[a-z][a-z0-9-]*)/gm)) {
      flags.set(flag!, [...new Set([...(flags.get(flag!) ?? []), page])])
    }
  }
  return flags
}

/** Whether a command's parser takes the flag (with a value where it takes one). */
const acceptedBy = (flag: string, specs: CliOptionSpecs) =>
  flag.slice(2) in specs &&
  !('problem' in parseCliArguments(specs[flag.slice(2)]!.type === 'string' ? [flag, '1'] : [flag], specs))

describe('the README and docs/ against the code', () => {
  it('name only CLI flags that a command of the CLI accepts', () => {
    const unknown = [...namedFlags()]
      .filter(([flag]) => !(flag in OTHER_PROGRAMS) && !TOP_LEVEL.has(flag))
      .filter(([flag]) => !Object.values(COMMANDS).some((specs) => acceptedBy(flag, specs)))
      .map(([flag, where]) => `${flag} (${where.join(', ')})`)
    expect(unknown).toEqual([])
  })

  it('list every option of the serve command in docs/fixtures.md', () => {
    const fixtures = texts.get('docs/fixtures.md')!
    const missing = Object.keys(SERVE_OPTION_SPECS).filter((name) => !new RegExp(`--${name}\\b`).test(fixtures))
    expect(missing).toEqual([])
  })

  it("name other programs' flags only where those programs still take them", () => {
    const stale = Object.entries(OTHER_PROGRAMS).flatMap(([flag, owners]) => {
      const scripts = owners.filter((owner) => owner.includes('/'))
      if (scripts.length === 0) return []
      return scripts.some((script) => read(script).includes(flag.slice(2))) ? [] : [`${flag} (${owners.join(', ')})`]
    })
    expect(stale).toEqual([])
  })

  it('name only control routes the mock has', () => {
    const port = portOf(createMockService())
    const missing: string[] = []
    for (const [page, text] of texts) {
      // `POST /__mock/stubs`, `/__mock/records/{kind}?q=`, `/__mock/os/pickers/*`: a method when one is written.
      for (const [, method, path] of text.matchAll(
        /(?:\b(GET|POST|PUT|PATCH|DELETE) )?(\/__mock(?:\/[\w{}*:.-]+)*)/g,
      )) {
        const concrete = path!.replace(/\{[^}]+\}|\*|:\w+/g, 'x').replace(/\.$/, '')
        const methods = method ? [method] : ['GET', 'POST', 'DELETE', 'PUT']
        if (concrete !== '/__mock' && !methods.some((candidate) => port.route(candidate, concrete))) {
          missing.push(`${page}: ${method ? `${method} ` : ''}${path}`)
        }
      }
    }
    expect([...new Set(missing)]).toEqual([])
  })

  it("list every entry of the package in the README's table, and no other", () => {
    const { name, exports } = JSON.parse(read('package.json')) as { name: string; exports: Record<string, unknown> }
    const entries = Object.keys(exports)
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => `${name}${subpath.slice(1)}`)
    const listed = [...texts.get('README.md')!.matchAll(/^\| `(conversation-asset-mock[^`]*)` \|/gm)].map(
      (match) => match[1],
    )
    expect(listed.sort()).toEqual(entries.sort())
  })

  it('list every scenario where the README and the control plane name them', () => {
    for (const page of ['README.md', 'docs/control-plane.md']) {
      const missing = SCENARIOS.filter((scenario) => !texts.get(page)!.includes(`\`${scenario}\``))
      expect({ page, missing }).toEqual({ page, missing: [] })
    }
  })
})
