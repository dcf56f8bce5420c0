import { useState } from 'preact/hooks'
import type { OsParts } from '../../control/api/machine/machine-views.js'
import type { SetterProps } from './setter-props.js'

/**
 * The file system's setter: adds a file (or replaces one at that path) to
 * the virtual tree (`POST /__mock/machine/files`, which takes the whole tree
 * and refuses a path that is not absolute or a tree past its bounds). The
 * fields empty once it is added; the focus stays on Add file.
 *
 * @example
 * <AddFileForm connection={connection} act={act} tree={os.files} />
 */
export function AddFileForm({ connection, act, tree }: SetterProps & { tree: OsParts['files'] }) {
  const [path, setPath] = useState('')
  const [text, setText] = useState('')
  return (
    <form
      class="cam-form"
      onSubmit={(event) => {
        event.preventDefault()
        const files = { ...tree.files, [path.trim()]: text }
        act(async () => {
          await connection.setMachine('files', { files, directories: tree.directories })
          setPath('')
          setText('')
        })
      }}
    >
      <input
        aria-label="file path"
        placeholder="/abs/path.ts"
        maxLength={1024}
        value={path}
        onInput={(event) => setPath(event.currentTarget.value)}
      />
      <input
        aria-label="file text"
        placeholder="text"
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <button type="submit">Add file</button>
    </form>
  )
}
