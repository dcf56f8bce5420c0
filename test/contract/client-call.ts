import type { ApiResponse } from '@pieces.app/pieces-os-client'
import { expect } from 'vitest'
import { checkModel } from './check-model.js'

/**
 * Calls an operation through the official client's `*Raw` method and checks the
 * payload the way a real client depends on it: it parses, passes the recursive
 * model check, and survives FromJSON → ToJSON unchanged. Returns the parsed
 * value and the raw JSON.
 */
export async function callAndCheck<T>(
  call: Promise<ApiResponse<T>>,
  model: string,
  toJson: (value: T) => unknown,
): Promise<{ value: T; json: unknown }> {
  const response = await call
  const json: unknown = await response.raw.clone().json()
  const value = await response.value()
  expect(checkModel(json, model)).toEqual([])
  expect(toJson(value)).toEqual(json)
  return { value, json }
}

/** The status and text of a failed client call. */
export async function failure(call: Promise<unknown>): Promise<{ status: number; text: string; type: string | null }> {
  try {
    await call
  } catch (error) {
    const response = (error as { response?: Response }).response
    if (!response) throw error
    return { status: response.status, text: await response.text(), type: response.headers.get('content-type') }
  }
  throw new Error('Expected the call to fail, but it succeeded.')
}
