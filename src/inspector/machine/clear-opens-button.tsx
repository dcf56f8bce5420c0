import type { SetterProps } from './setter-props.js'

/**
 * The opens' setter (`POST /__mock/machine/opens`): forgets the URLs, files and
 * notifications recorded, so a test or a demo starts from none.
 *
 * @example
 * <ClearOpensButton {...setter} />
 */
export function ClearOpensButton({ connection, act }: SetterProps) {
  return (
    <div class="cam-form">
      <button
        type="button"
        onClick={() => act(() => connection.setMachine('opens', { urls: [], files: [], notifications: [] }))}
      >
        Clear what was opened
      </button>
    </div>
  )
}
