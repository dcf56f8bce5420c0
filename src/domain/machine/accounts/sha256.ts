import { sha256 as nobleSha256 } from '@noble/hashes/sha2'
import { bytesToHex } from '@noble/hashes/utils'

/**
 * The SHA-256 digest of bytes (FIPS 180-4), synchronous on every runtime (WebCrypto's digest is async, and
 * PKCE's S256 check and the mock's opaque codes and tokens are made inside a store write).
 *
 * @example
 * sha256(new TextEncoder().encode('abc')).length // 32
 */
export function sha256(bytes: Uint8Array): Uint8Array {
  return nobleSha256(bytes)
}

/**
 * Bytes as unpadded base64url (RFC 4648 §5), as PKCE writes challenges.
 *
 * @example
 * base64Url(sha256(new TextEncoder().encode(verifier))) // the S256 challenge of a verifier
 */
export function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * The SHA-256 of a text's UTF-8 bytes as lower-case hex.
 *
 * @example
 * sha256Hex('abc') // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function sha256Hex(text: string): string {
  return bytesToHex(nobleSha256(new TextEncoder().encode(text)))
}
