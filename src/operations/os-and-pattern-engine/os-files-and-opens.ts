import { defineOperation, type Operation } from '../define/define-operation.js'

/** The run bodies, loaded on the first call of one of these operations. */
const runs = () => import('./machine-runs.js')

/**
 * What the OS opens, verifies and shows (OSApi, NotificationsApi): a path
 * verified and a file opened against the virtual file tree the control plane
 * sets (the `fileSystem` part; its streamed read is `/os/filesystem/file/read/streamed`),
 * a URL opened in the browser and a local notification shown. Opens and
 * notifications are recorded in the `opens` part and shown by the control
 * plane, never performed: nothing reaches the real disk, browser or desktop.
 *
 * @example
 * routeTable() // holds these
 */
export const osFilesAndOpensOperations: readonly Operation[] = [
  defineOperation({
    id: 'osFilesystemPathVerify',
    method: 'POST',
    paths: ['/os/filesystem/path/verify'],
    params: {},
    run: async (context) => (await runs()).pathVerify(context),
  }),
  defineOperation({
    id: 'osFilesystemFileOpen',
    method: 'POST',
    paths: ['/os/filesystem/file/open'],
    params: {},
    run: async (context) => (await runs()).fileOpen(context),
  }),
  defineOperation({
    id: 'osBrowserUrlOpen',
    method: 'POST',
    paths: ['/os/browser/url/open'],
    params: {},
    run: async (context) => (await runs()).browserUrlOpen(context),
  }),
  defineOperation({
    id: 'sendLocalNotification',
    method: 'POST',
    paths: ['/notifications/local/send'],
    params: {},
    run: async (context) => (await runs()).localNotification(context),
  }),
]
