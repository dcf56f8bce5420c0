/** How the copilot answers one question in place of its own answer (scripted with `copilot.reply()`). */
export interface CopilotReply {
  /** The whole answer; the stream sends it a few words per chunk. */
  readonly text?: string
  /** The answer as the exact chunks to send (instead of `text`). */
  readonly chunks?: readonly string[]
  /** Milliseconds between chunks (default: the service's pace, 0 unless set). */
  readonly paceMs?: number
  /** Fail part-way: after `afterChunks` chunks (default 0) the stream sends `FAILED` with `message`. */
  readonly fail?: { readonly afterChunks?: number; readonly message?: string }
}

/** What the copilot's operations are handed: the answers' seed, the scripted replies, and the models' state. */
export interface CopilotHooks {
  /** Seed of the composed answers. */
  readonly seed: number
  /** Takes the next scripted reply, if any. */
  takeReply(): CopilotReply | undefined
  /** Why the model a question names cannot answer (a local model not downloaded), or undefined when it can. */
  modelRefusal(model: string | undefined): string | undefined
}
