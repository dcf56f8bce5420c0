import { describe, expect, it } from 'vitest'
import { containsMatch } from '../../src/control/verify/contains-match.js'

describe('matching an expected body inside a request body', () => {
  const body = { name: 'a', tags: [{ text: 'x' }, { text: 'y' }], nested: { deep: { value: 1 } }, empty: null }

  it('accepts any part of the body, nested objects and array elements in any order included', () => {
    expect(containsMatch(body, {})).toBe(true)
    expect(containsMatch(body, { name: 'a' })).toBe(true)
    expect(containsMatch(body, { nested: { deep: {} } })).toBe(true)
    expect(containsMatch(body, { tags: [{ text: 'y' }] })).toBe(true)
    expect(containsMatch(body, { tags: [{ text: 'y' }, { text: 'x' }], empty: null })).toBe(true)
    expect(containsMatch({ value: Number.NaN }, { value: Number.NaN })).toBe(true)
  })

  it('refuses a different value, a missing key, or a shape the body does not have', () => {
    expect(containsMatch(body, { name: 'b' })).toBe(false)
    expect(containsMatch(body, { missing: undefined })).toBe(false)
    expect(containsMatch(body, { tags: [{ text: 'z' }] })).toBe(false)
    expect(containsMatch(body, { tags: { text: 'x' } })).toBe(false)
    expect(containsMatch(body, { name: ['a'] })).toBe(false)
    expect(containsMatch(undefined, { name: 'a' })).toBe(false)
    expect(containsMatch('text', 'text')).toBe(true)
  })
})
