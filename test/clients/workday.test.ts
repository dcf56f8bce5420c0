import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import type { StreamRuntime } from '../events/stream-runtimes.js'
import { scenarioRuntimes } from './scenario-runtimes.js'
import { clientReplay, type ClientReplay } from './replay.js'
import { cliStartup, pythonSdkStartup, usable, type ListedModel } from './start-ups.js'

/*
 * The commands of a day's work that the per-client files leave to this one:
 * `pieces commit` (pieces-app/cli-agent, autocommit.py: a relevance question
 * over the staged diff, sent as seeds) and switching models, as the CLI's
 * `change_model` and the Python SDK's `copilot.context.model_name` do, then
 * asking with the model picked.
 */

interface Frame {
  status?: string
  conversation?: string
  question?: { answers: { iterable: Array<{ text?: string }> } }
  error?: string
}
type Json = Record<string, unknown>

/** The prompt `get_commit_message()` sends, to the letter but for the summary it fills in. */
const commitPrompt = (
  summary: string,
) => `Act as a git expert developer to generate a concise git commit message **using best git commit message practices** to follow these specifications:
                \`Message language: English\`,
                \`Format of the message: "(task done): small description"\`,
                \`task done can be one from: "feat,fix,chore,refactor,docs,style,test,perf,ci,build,revert"\`,
                \`Example of the message: "docs: add new guide on python"\`,
                Your response should be: \`__The message is: **YOUR COMMIT MESSAGE HERE**__\` WITHOUT ADDING ANYTHING ELSE",
                \`Here are the changes summary:\`\n${summary}\`
                The actual code changes provide to you in the seeds,
                \`The changed parts is provided in the context where if the line start with "+"  means that line is added or "-" if it is removed`

/** `clean_commit_message()`: what the CLI passes to `git commit -m`. */
const cleanCommitMessage = (text: string) =>
  text.replace('The message is:', '').replaceAll('*', '').replaceAll('__', '').trim()

/** One seed per staged file, as `get_current_working_changes()` builds them. */
const seedOf = (application: Json, fullpath: string, raw: string) => ({
  type: 'SEEDED_ASSET',
  asset: {
    application,
    format: { fragment: { string: { raw } } },
    metadata: { anchors: [{ fullpath, type: 'FILE' }] },
  },
})

describe.each(scenarioRuntimes)('a day of work on the mock, $name, on the $scenario scenario', ({ start }) => {
  let mock: StreamRuntime
  let client: ClientReplay

  /** Streams one question on /qgpt/stream and reads every frame up to the last. */
  async function streamQuestion(relevance: Json): Promise<{ frames: Frame[]; text: string }> {
    const { socket, frames, opened } = client.open<Frame>('/qgpt/stream')
    await opened
    socket.send(JSON.stringify({ relevance }))
    const seen: Frame[] = []
    for (;;) {
      const frame = await frames.next(undefined, { timeoutMs: 5_000 })
      expect(checkModel(frame, 'QGPTStreamOutput')).toEqual([])
      seen.push(frame)
      if (frame.status === 'COMPLETED' || frame.status === 'FAILED') break
    }
    const text = seen.map((frame) => frame.question?.answers.iterable.map((a) => a.text ?? '').join('') ?? '').join('')
    return { frames: seen, text }
  }

  beforeAll(async () => {
    mock = await start({ copilotPaceMs: 0 })
  })
  afterEach(async () => {
    for (const socket of client.sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('pieces commit gets one conventional commit line for the staged files, never its own prompt', async () => {
    client = clientReplay(mock)
    const { application } = await cliStartup(client)
    const applicationRecord = await client.read<Json>(
      'applicationsSpecificApplicationSnapshot',
      'GET',
      `/applications/${application}`,
      'Application',
    )
    const seeds = {
      iterable: [
        seedOf(applicationRecord, 'src/cache.py', '+def cached(key):\n+    return store.get(key)'),
        seedOf(applicationRecord, 'tests/test_cache.py', '+def test_cached():\n+    assert cached("a") is None'),
      ],
    }
    // parse_git_diff()'s summary: a line per file, new or modified.
    const summary = 'File created: **src/cache.py**\nFile modified: **tests/test_cache.py**'
    const output = await client.read<{ answer?: { answers: { iterable: Array<{ text: string }> } }; relevant: Json }>(
      'relevance',
      'POST',
      '/qgpt/relevance',
      'QGPTRelevanceOutput',
      { body: { query: commitPrompt(summary), seeds, application, options: { question: true } } },
    )
    const message = cleanCommitMessage(output.answer!.answers.iterable[0]!.text)
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toMatch(/^(feat|fix|chore|refactor|docs|style|test|perf|ci|build|revert)(\([^)]*\))?: \S/)
    expect(message).toContain('cache')
    expect(message).not.toContain('git expert')
    // The seeds come back whole: the CLI's issue step reads them again.
    const relevant = (output.relevant.iterable as Array<{ seed?: Json }>).flatMap((entry) =>
      entry.seed ? [entry.seed] : [],
    )
    expect(relevant).toHaveLength(2)
    expect(
      relevant.map((seed) => (seed.asset as { metadata: { anchors: Json[] } }).metadata.anchors[0]!.fullpath),
    ).toEqual(expect.arrayContaining(['src/cache.py', 'tests/test_cache.py']))
  })

  it('pieces change_model picks a model by its place in the list, and the next ask answers with it', async () => {
    client = clientReplay(mock)
    const { application, models } = await cliStartup(client)
    // get_models(): the usable models by name, numbered from 1 in the order listed.
    const numbered = usable(models)
    expect(numbered.length).toBeGreaterThan(1)
    const picked = numbered[1]!
    const { frames, text } = await streamQuestion({
      application,
      query: 'How do I sort a list in Python?',
      model: picked.id,
      options: { question: true },
    })
    expect(frames.at(-1)!.status).toBe('COMPLETED')
    expect(text).toMatch(/```python/)
  })

  it("the SDK's model_name switch to a local model not downloaded fails the question with a reason, and succeeds once it is", async () => {
    client = clientReplay(mock)
    const { application, models } = await pythonSdkStartup(client)
    const local = models.find((model: ListedModel) => !model.cloud && !model.downloaded)
    expect(local).toBeDefined()
    const refused = await streamQuestion({
      application,
      query: 'Reverse a list in Go',
      model: local!.id,
      options: { question: true },
    })
    expect(refused.frames.at(-1)!.status).toBe('FAILED')
    expect(JSON.stringify(refused.frames.at(-1))).toContain('not downloaded')

    // As a finished download leaves it (the download itself is the vanilla example's test).
    await mock.service.store.write((tx) => {
      tx.update('model', local!.id, (model) => {
        model.downloaded = true
      })
    })
    const answered = await streamQuestion({
      application,
      query: 'Reverse a list in Go',
      model: local!.id,
      options: { question: true },
    })
    expect(answered.frames.at(-1)!.status).toBe('COMPLETED')
    expect(answered.text).toMatch(/```go/)
  })
})
