import { describe, expect, it } from 'vitest'
import { parseServeArguments } from '../../src/cli/serve-options.js'

describe('the --durability option', () => {
  it('is durable unless relaxed is asked for', () => {
    expect(parseServeArguments(['--persist', 'state.json'])).toMatchObject({ options: { persist: 'state.json' } })
    expect(parseServeArguments(['--persist', 'state.json'])).not.toMatchObject({ options: { durability: 'relaxed' } })
    expect(parseServeArguments(['--persist', 'state.json', '--durability', 'relaxed'])).toMatchObject({
      options: { durability: 'relaxed' },
    })
    expect(parseServeArguments(['--persist', 'state.json', '--durability', 'durable'])).toMatchObject({
      options: { durability: 'durable' },
    })
  })

  it('refuses another value, in one line saying what it takes', () => {
    expect(parseServeArguments(['--persist', 'state.json', '--durability', 'fast'])).toEqual({
      problem: '--durability takes durable or relaxed, got "fast"',
    })
  })

  it('refuses it without --persist, saying to pass both', () => {
    expect(parseServeArguments(['--durability', 'relaxed'])).toEqual({
      problem: '--durability says how --persist keeps writes; pass --persist FILE too',
    })
  })
})
