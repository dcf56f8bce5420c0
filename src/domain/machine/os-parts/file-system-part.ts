import { z } from 'zod'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds the virtual file tree the OS routes read. */
const FILE_SYSTEM_PART = 'fileSystem'

/** At most this many files and folders in the tree… */
const MAX_FILE_ENTRIES = 500
/** …holding at most this many characters of text in all… */
const MAX_FILE_TREE_BYTES = 1_000_000
/** …each path at most this long. */
export const MAX_PATH_LENGTH = 1024

/** The virtual file tree: files by absolute path with their text, and folders (a file's parents are folders too). */
export interface FileTree {
  readonly [key: string]: unknown
  readonly files: Readonly<Record<string, string>>
  readonly directories: readonly string[]
}

/** The tree of a fresh mock: one small project. */
const DEFAULT_FILE_TREE: FileTree = Object.freeze({
  files: Object.freeze({
    '/Users/pieces/project/README.md': '# Project\n\nA small project the mock serves.\n',
    '/Users/pieces/project/src/index.ts': "export const greeting = 'Hello, Pieces'\n",
  }),
  directories: Object.freeze(['/Users/pieces/project/docs']),
})

const absolutePath = lazySchema(() =>
  z
    .string()
    .min(2)
    .max(MAX_PATH_LENGTH)
    .regex(/^\/[^\0]*[^/]$/, 'a path is absolute ("/…"), without a trailing "/" or NUL'),
)

/**
 * The body of `POST /__mock/machine/files`: the whole tree, replacing the one
 * before: `files` (path → text) and `directories` (paths), bounded by
 * {@link MAX_FILE_ENTRIES} and {@link MAX_FILE_TREE_BYTES}.
 *
 * @example
 * fileTreeInput.parse({ files: { '/tmp/a.ts': 'let a = 1' } })
 */
export const fileTreeInput = lazySchema(() =>
  z
    .object({
      files: z.record(absolutePath, z.string()).default({}),
      directories: z.array(absolutePath).default([]),
    })
    .strict()
    .superRefine((tree, context) => {
      const entries = Object.keys(tree.files).length + tree.directories.length
      if (entries > MAX_FILE_ENTRIES) {
        context.addIssue({ code: 'custom', message: `${entries} entries, past the ${MAX_FILE_ENTRIES} a tree holds` })
      }
      let bytes = 0
      for (const [path, text] of Object.entries(tree.files)) bytes += path.length + text.length
      if (bytes > MAX_FILE_TREE_BYTES) {
        context.addIssue({
          code: 'custom',
          message: `${bytes} characters, past the ${MAX_FILE_TREE_BYTES} a tree holds`,
        })
      }
    }),
)

/**
 * The virtual file tree as it is now.
 *
 * @example
 * Object.keys(readFileTree(store).files) // ['/Users/pieces/project/README.md', …]
 */
export function readFileTree(store: Store | Transaction): FileTree {
  return readPart(store, FILE_SYSTEM_PART, DEFAULT_FILE_TREE)
}

/**
 * Stages a new file tree in a write, replacing the one before.
 *
 * @example
 * await store.write((tx) => setFileTree(tx, { files: { '/tmp/a.ts': 'let a = 1' }, directories: [] }))
 */
export function setFileTree(tx: Transaction, tree: z.output<typeof fileTreeInput>): FileTree {
  return writePart(tx, FILE_SYSTEM_PART, { files: { ...tree.files }, directories: [...new Set(tree.directories)] })
}

/** What the tree holds at a path: a file (with its text), a folder, or nothing. */
export type FileEntry =
  { readonly type: 'file'; readonly text: string } | { readonly type: 'directory' } | { readonly type: 'none' }

/**
 * What the tree holds at `path`: a file, a folder (named, or the parent of
 * something in the tree), or nothing. A trailing `/` is read as the folder.
 *
 * @example
 * entryAt(readFileTree(store), '/Users/pieces/project').type // 'directory'
 */
export function entryAt(tree: FileTree, path: string): FileEntry {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  const text = Object.hasOwn(tree.files, trimmed) ? tree.files[trimmed] : undefined
  if (text !== undefined) return { type: 'file', text }
  const prefix = trimmed === '/' ? '/' : `${trimmed}/`
  const isFolder =
    tree.directories.some((directory) => directory === trimmed || directory.startsWith(prefix)) ||
    Object.keys(tree.files).some((file) => file.startsWith(prefix))
  return isFolder ? { type: 'directory' } : { type: 'none' }
}
