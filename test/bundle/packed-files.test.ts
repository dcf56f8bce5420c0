import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The files `npm pack` puts in the tarball, relative to the package root. */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  })
  const [pack] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>
  return pack!.files.map((file) => file.path)
}

const SOURCE_MAP_URL = /\/[/*]# sourceMappingURL=([^\s*]+)/

describe('the packed package', () => {
  it('runs no script when a consumer installs it: it builds at npm pack (prepack), not at prepare', async () => {
    const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    const installScripts = ['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => name in scripts)
    expect(installScripts).toEqual([])
    expect(scripts.prepack).toBe('npm run build')
  })

  it('has no source map reference to a file it does not ship', async () => {
    const files = await packedFiles()
    const shipped = new Set(files)
    const dangling: string[] = []
    for (const file of files) {
      if (file.endsWith('.map')) {
        const map = JSON.parse(await readFile(join(root, file), 'utf8')) as { sources?: string[] }
        for (const source of map.sources ?? []) {
          const target = normalize(join(dirname(file), source))
          if (!shipped.has(target)) dangling.push(`${file} -> ${target}`)
        }
      } else if (/\.(c|m)?js$|\.d\.ts$/.test(file)) {
        const reference = SOURCE_MAP_URL.exec(await readFile(join(root, file), 'utf8'))?.[1]
        if (reference === undefined || reference.startsWith('data:')) continue
        const target = normalize(join(dirname(file), reference))
        if (!shipped.has(target)) dangling.push(`${file} -> ${target}`)
      }
    }
    expect(dangling).toEqual([])
  })
})
