import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { base64Url, sha256, sha256Hex } from '../../../src/domain/machine/accounts/sha256.js'

describe('the SHA-256 the sign-in flows check challenges with', () => {
  it.each([0, 3, 55, 56, 63, 64, 65, 1000])('agrees with node:crypto on a text of %i characters', (length) => {
    const text = 'é0123456789abcdef'.repeat(70).slice(0, length)
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'))
  })

  it("turns RFC 7636's example verifier into its example S256 challenge", () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
    expect(base64Url(sha256(new TextEncoder().encode(verifier)))).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
  })
})
