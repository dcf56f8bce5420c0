import { defineOperation, type Operation } from '../define/define-operation.js'

/** The run bodies, loaded on the first call of one of these operations. */
const runs = () => import('./machine-runs.js')

/**
 * The OS's settings, device and applets (OSApi, WellKnownApi): the settings
 * snapshot and update (their stream is `/os/settings/stream`), the device's
 * information and metadata, memory optimized, nano models prepared, an applet
 * terminated, an external provider linked to the signed-in user, and where the
 * service is installed. Their state is the `settings` and `device` machine parts.
 *
 * @example
 * routeTable() // holds these
 */
export const osMachineOperations: readonly Operation[] = [
  defineOperation({
    id: 'osSettingsSnapshot',
    method: 'GET',
    paths: ['/os/settings'],
    params: {},
    run: async (context) => (await runs()).settingsSnapshot(context),
  }),
  defineOperation({
    id: 'osSettingsUpdate',
    method: 'POST',
    paths: ['/os/settings/update'],
    params: {},
    run: async (context) => (await runs()).settingsUpdate(context),
  }),
  defineOperation({
    id: 'osDeviceInformation',
    method: 'GET',
    paths: ['/os/device/information'],
    params: {},
    run: async () => (await runs()).deviceInformation(),
  }),
  defineOperation({
    id: 'osMetadata',
    method: 'GET',
    paths: ['/os/metadata'],
    params: {},
    live: true,
    run: async (context) => (await runs()).osMetadata(context),
  }),
  defineOperation({
    id: 'osMemoryOptimize',
    method: 'POST',
    paths: ['/os/memory/optimize'],
    params: {},
    body: 'none',
    run: async (context) => (await runs()).memoryOptimize(context),
  }),
  defineOperation({
    id: 'osNanoModelsPrepare',
    method: 'POST',
    paths: ['/os/nano_models/prepare'],
    params: {},
    body: 'optional',
    run: async (context) => (await runs()).nanoModelsPrepare(context),
  }),
  defineOperation({
    id: 'osAppletTerminate',
    method: 'POST',
    paths: ['/os/applet/terminate'],
    params: {},
    run: async (context) => (await runs()).appletTerminate(context),
  }),
  defineOperation({
    id: 'linkProvider',
    method: 'POST',
    paths: ['/os/link_provider'],
    params: {},
    run: async (context) => (await runs()).linkProvider(context),
  }),
  defineOperation({
    id: 'getInstallationPath',
    method: 'GET',
    paths: ['/.well-known/installation/path'],
    params: {},
    run: async () => (await runs()).installationPath(),
  }),
]
