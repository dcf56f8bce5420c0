/**
 * The run bodies of the installers, backups, database, analyses and text
 * operations, in one module loaded on the first call of any of them: one
 * chunk, so a cold start loads none of it and no more files than before.
 *
 * @example
 * const { runInstaller } = await import('./lazy-runs.js')
 */
export { runBackup } from './backup-runs.js'
export { exportDatabase, importDatabase } from './database-runs.js'
export { runInstaller } from './installer-runs.js'
export { listAnalyses } from '../analyses/analyses-runs.js'
export { runText } from '../analyses/text-runs.js'
