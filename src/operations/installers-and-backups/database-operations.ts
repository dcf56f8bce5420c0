import { defineOperation, type Operation } from '../define/define-operation.js'

/**
 * The database (DatabaseApi): `GET /database/export` answers the whole store
 * as an ExportedDatabase holding a `--persist` state file, and
 * `POST /database/import` brings such an export back (another format is
 * refused and changes nothing).
 *
 * @example
 * routeTable() // holds these
 */
export const databaseOperations: readonly Operation[] = [
  defineOperation({
    id: 'databaseExport',
    method: 'GET',
    paths: ['/database/export'],
    params: {},
    live: true,
    run: async (context) => (await import('./lazy-runs.js')).exportDatabase(context),
  }),
  defineOperation({
    id: 'databaseImport',
    method: 'POST',
    paths: ['/database/import'],
    params: {},
    run: async (context) => (await import('./lazy-runs.js')).importDatabase(context),
  }),
]
