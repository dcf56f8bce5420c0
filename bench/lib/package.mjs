import { createRequire } from 'node:module'

// The bench imports the package under test by its name, as users do: in the
// project's own leg that is the project itself (self-reference through its
// package.json `exports`), in another leg the packed copy installed there.
const packageJson = import.meta.resolve('conversation-asset-mock/package.json')
const require = createRequire(packageJson)

/**
 * Imports a module of the package under test that its `exports` do not list
 * (the fixture generator, the file persistence), by its path inside the package.
 *
 * @example
 * const { generateFixtures } = await importInternal('dist/fixtures/generate-fixtures.js')
 */
export function importInternal(path) {
  return import(new URL(path, packageJson).href)
}

/**
 * What this process measures: its Node, the msw and the package under test it
 * resolves, and where that package lives.
 *
 * @example
 * versions() // { node: 'v22.23.3', msw: '3.0.1', package: '0.1.0', packagePath: '/…/node_modules/conversation-asset-mock' }
 */
export function versions() {
  return {
    node: process.version,
    msw: require('msw/package.json').version,
    package: require('./package.json').version,
    packagePath: new URL('.', packageJson).pathname,
  }
}
