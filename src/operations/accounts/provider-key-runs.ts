import {
  deleteProviderKey,
  putProviderKey,
  readProviderKeys,
  type RedactedKey,
} from '../../domain/machine/accounts/provider-keys.js'
import { providerKeyDeleteInput, providerKeyInput } from '../../domain/inputs/accounts/account-inputs.js'
import type { Store } from '../../store/create-store.js'
import { json, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

/*
 * The run bodies of the external provider key operations
 * (external-provider-keys.ts), loaded on their first call.
 */

/** POST /external_provider/api_key/create: the user's OpenAI key stored (redacted), replacing any before. */
export function providerKeyCreate(context: OperationContext): Promise<OperationResult> {
  return put(context, 'create', 'PrecreatedExternalProviderApiKey')
}

/** POST /external_provider/api_key/update: the user's OpenAI key changed. */
export function providerKeyUpdate(context: OperationContext): Promise<OperationResult> {
  return put(context, 'update', 'PreupdatedExternalProviderApiKey')
}

/** POST /external_provider/api_key/delete: the user's OpenAI key gone. */
export async function providerKeyDelete(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'PredeletedExternalProviderApiKey')
  const input = parseBody(providerKeyDeleteInput, context.request.body, 'PredeletedExternalProviderApiKey')
  await context.store.write((tx) => deleteProviderKey(tx, input.user))
  return json({ metadata: metadataOf(context.store, input.user, undefined) })
}

async function put(context: OperationContext, mode: 'create' | 'update', model: string): Promise<OperationResult> {
  requireBody(context.request.body, model)
  const input = parseBody(providerKeyInput, context.request.body, model)
  const key = await context.store.write((tx) =>
    putProviderKey(
      tx,
      input.user,
      {
        apiKey: input.open_AI?.api_key,
        apiKeyName: input.open_AI?.api_key_name,
        organizationKey: input.open_AI?.organization_key,
      },
      mode,
    ),
  )
  return json({ metadata: metadataOf(context.store, input.user, key) })
}

/** The user's Auth0UserMetadata with their key as kept: redacted. */
function metadataOf(store: Store, user: string, key: RedactedKey | undefined) {
  const held = key ?? readProviderKeys(store).keys.find((kept) => kept.user === user)
  const vanityname = store.get('user', user)?.vanityname
  return {
    global_id: user,
    ...(vanityname !== undefined && { vanityname }),
    ...(held && {
      open_AI: {
        api_key: `[redacted]${held.hint}`,
        ...(held.name !== undefined && { api_key_name: held.name }),
        ...(held.organization !== undefined && { organization_key: `[redacted]${held.organization}` }),
      },
    }),
  }
}
