import { z } from 'zod'
import { entryAt, MAX_PATH_LENGTH, readFileTree } from '../../domain/machine/os-parts/file-system-part.js'
import {
  isBrowserUrl,
  MAX_NOTIFICATION_TEXT,
  MAX_URL_LENGTH,
  recordOpen,
} from '../../domain/machine/os-parts/opens-part.js'
import { json, noContent, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

const pathInput = z.string().min(1).max(MAX_PATH_LENGTH)
const urlInput = z.string().min(1).max(MAX_URL_LENGTH)
const notificationText = z.string().max(MAX_NOTIFICATION_TEXT).optional()
const notificationInput = z
  .object({
    id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    title: notificationText,
    message: notificationText,
    payload: notificationText,
  })
  .loose()

/** A path sent as the body (a JSON string). */
function pathOf(context: OperationContext): string {
  requireBody(context.request.body, 'string')
  return parseBody(pathInput, context.request.body, 'string')
}

/** A size as the client's ByteDescriptor. */
function bytesOf(value: number) {
  return { value, readable: `${value} B` }
}

/** `POST /os/filesystem/path/verify`: what the virtual tree holds at the path (VerifiedOSFilesystemPath). */
export function pathVerify(context: OperationContext): OperationResult {
  const path = pathOf(context)
  const entry = entryAt(readFileTree(context.store), path)
  return json({
    path,
    verified: entry.type !== 'none',
    file: entry.type === 'file',
    directory: entry.type === 'directory',
    denied: false,
    ...(entry.type === 'file' && { bytes: bytesOf(new TextEncoder().encode(entry.text).length) }),
  })
}

/** `POST /os/filesystem/file/open`: recorded with what the tree held there (a path outside it: `found: "none"`); 204. */
export async function fileOpen(context: OperationContext): Promise<OperationResult> {
  const path = pathOf(context)
  await context.store.write((tx) => {
    const found = entryAt(readFileTree(tx), path).type
    recordOpen(tx, 'files', { path, found, at: tx.timestamp() })
  })
  return noContent()
}

/** `POST /os/browser/url/open`: recorded (with whether a browser would open it), never opened; 204. */
export async function browserUrlOpen(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'string')
  const url = parseBody(urlInput, context.request.body, 'string')
  await context.store.write((tx) => recordOpen(tx, 'urls', { url, valid: isBrowserUrl(url), at: tx.timestamp() }))
  return noContent()
}

/** `POST /notifications/local/send`: recorded, never shown on the desktop; answers its id (LocalNotificationResponse). */
export async function localNotification(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'Notification')
  const { id, title, message, payload } = parseBody(notificationInput, context.request.body, 'Notification')
  await context.store.write((tx) =>
    recordOpen(tx, 'notifications', {
      id,
      ...(title !== undefined && { title }),
      ...(message !== undefined && { message }),
      ...(payload !== undefined && { payload }),
      at: tx.timestamp(),
    }),
  )
  return json({ id })
}
