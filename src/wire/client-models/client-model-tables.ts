import { clientEnumTable, clientModelTable } from './client-model-requirements.generated.js'

/** The official client's models and enums as the generated tables write them. */
export interface ClientModelTables {
  readonly models: typeof clientModelTable
  readonly enums: typeof clientEnumTable
}

/**
 * The official client's model and enum tables, for the body check. The
 * bundles carry them as JSON text and parse them on the first call, so a cold
 * start that writes nothing pays nothing for them (the lazy-tables plugin of tsdown.config.mjs).
 *
 * @example
 * clientModelTables().enums.MechanismEnum // 'UNKNOWN MANUAL RECOMMENDED AUTOMATIC INTERNAL DELETED EXTERNAL_AGENT'
 */
export function clientModelTables(): ClientModelTables {
  return TABLES
}

const TABLES: ClientModelTables = { models: clientModelTable, enums: clientEnumTable }
