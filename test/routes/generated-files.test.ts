import { describe, expect, it } from 'vitest'
// @ts-expect-error a plain ES module of the repository's scripts
import { generate, GENERATORS } from '../../scripts/generate.mjs'

interface Generator {
  readonly name: string
}

describe('the generated files', () => {
  it('are what `npm run generate` writes from their sources (run it when this fails)', async () => {
    const stale: string[] = await generate({ check: true })
    expect(stale, `stale: ${stale.join(', ')}; run \`npm run generate\``).toEqual([])
  }, 60_000)

  it('are written by generators with one name each, so `node scripts/generate.mjs <name>` runs one', async () => {
    const names = (GENERATORS as readonly Generator[]).map((generator) => generator.name)
    expect(new Set(names).size).toBe(names.length)
    await expect(generate({ check: true, names: ['no-such-generator'] })).rejects.toThrow(
      /no generator is named no-such-generator/,
    )
  })
})
