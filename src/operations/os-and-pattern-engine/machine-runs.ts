/*
 * The run bodies of the OS machine, pattern engine, integration, connector
 * report and linkify routes, behind one dynamic import: the build makes them
 * one chunk loaded on the first call of any of them, and the entry's own
 * modules stay in the entry's chunks.
 */
export {
  appletTerminate,
  deviceInformation,
  installationPath,
  linkProvider,
  memoryOptimize,
  nanoModelsPrepare,
  osMetadata,
  settingsSnapshot,
  settingsUpdate,
} from './os-machine-runs.js'
export { browserUrlOpen, fileOpen, localNotification, pathVerify } from './os-files-and-opens-runs.js'
export {
  calibrationFocused,
  calibrationsSnapshot,
  createIngestion,
  dataClear,
  eventDelete,
  eventSnapshot,
  eventsScopedDelete,
  eventsSearch,
  eventsSnapshot,
  processorSources,
  suggestionsRefresh,
  visionMetadata,
} from './pattern-engine-runs.js'
export { githubGists, macosAsset, openAiModels, ultraSuiteAsset } from './integrations-runs.js'
export { react, track } from '../machine/connector-reports.js'
export { linkifyMultiple, revokeShare } from '../assets/linkify-multiple.js'
