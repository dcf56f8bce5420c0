import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * Every file a built entry reaches through its imports, dependencies included
 * (nothing marked external), as esbuild's metafile names them.
 *
 * @example
 * const inputs = await reachedFrom('server/index.js')
 */
export async function reachedFrom(path: string): Promise<string[]> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`../../dist/${path}`, import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
}
