import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { reference, references } from './wire-parts.js'

/*
 * The copilot's inputs as the official client sends them (wire keys):
 * QGPTQuestionInput, QGPTRelevanceInput and QGPTStreamInput. Only what the
 * mock reads is checked; unknown keys are accepted and ignored.
 */

const relevantSeed = lazySchema(() => z.object({ id: z.string().optional(), asset: reference.optional() }).loose())

/** QGPTQuestionInput: the body of `POST /qgpt/question`, and `question` of a stream input. */
export const qgptQuestionInput = lazySchema(() =>
  z
    .object({
      query: z.string(),
      relevant: z.object({ iterable: z.array(relevantSeed) }).loose(),
      model: z.string().optional(),
      messages: references.optional(),
    })
    .loose(),
)

/** How many seeds one relevance input may send: each comes back whole, so the answer is bounded too. */
const MAX_RELEVANCE_SEEDS = 500

/** Seeds: what a relevance input sends to be ranked with the stored assets (each a Seed, sent back as it came). */
const relevanceSeeds = lazySchema(() =>
  z
    .object({
      iterable: z
        .array(z.object({}).loose())
        .max(MAX_RELEVANCE_SEEDS, `send at most ${MAX_RELEVANCE_SEEDS} seeds in one relevance input`),
    })
    .loose(),
)

/** QGPTRelevanceInput: the body of `POST /qgpt/relevance`, and `relevance` of a stream input. */
export const qgptRelevanceInput = lazySchema(() =>
  z
    .object({
      query: z.string(),
      model: z.string().optional(),
      seeds: relevanceSeeds.optional(),
      assets: references.optional(),
      messages: references.optional(),
      options: z.object({ question: z.boolean().optional() }).loose().optional(),
    })
    .loose(),
)

/** QGPTStreamInput: one frame a client sends on `/qgpt/stream`. */
export const qgptStreamInput = lazySchema(() =>
  z
    .object({
      question: qgptQuestionInput.optional(),
      relevance: qgptRelevanceInput.optional(),
      request: z.string().max(1000).optional(),
      conversation: z.string().min(1).max(1000).optional(),
      stop: z.boolean().optional(),
      reset: z.boolean().optional(),
    })
    .loose(),
)

/** A question, whichever input it came in: its text, what grounds it, and the model asked. */
export interface CopilotQuestion {
  readonly query: string
  readonly assetIds: readonly string[]
  readonly messageIds: readonly string[]
  readonly model: string | undefined
}

/**
 * The question a QGPTQuestionInput asks.
 *
 * @example
 * questionOf({ query: 'Why?', relevant: { iterable: [{ asset: { id } }] } }).assetIds // [id]
 */
export function questionOf(input: z.output<typeof qgptQuestionInput>): CopilotQuestion {
  return {
    query: input.query,
    assetIds: input.relevant.iterable.flatMap((seed) => (seed.asset ? [seed.asset.id] : [])),
    messageIds: input.messages?.iterable.map((message) => message.id) ?? [],
    model: input.model,
  }
}

/**
 * The question a QGPTRelevanceInput asks (with `options.question`).
 *
 * @example
 * relevanceQuestionOf({ query: 'Why?', assets: { iterable: [{ id }] } }).assetIds // [id]
 */
export function relevanceQuestionOf(input: z.output<typeof qgptRelevanceInput>): CopilotQuestion {
  return {
    query: input.query,
    assetIds: input.assets?.iterable.map((asset) => asset.id) ?? [],
    messageIds: input.messages?.iterable.map((message) => message.id) ?? [],
    model: input.model,
  }
}

/** How many messages of a conversation a persons-related input may send: each is read for keywords. */
const MAX_RELATED_MESSAGES = 500

/** QGPTPersonsRelatedInput: the body of `POST /qgpt/persons/related`, a seed or a conversation to find people for. */
export const qgptPersonsRelatedInput = lazySchema(() =>
  z
    .object({
      seed: z
        .object({
          asset: z.object({}).loose().optional(),
          person: z.object({ asset: z.string().optional() }).loose().optional(),
          anchor: z.object({ asset: z.string().optional() }).loose().optional(),
          website: z.object({ asset: z.string().optional() }).loose().optional(),
        })
        .loose()
        .optional(),
      conversation: z
        .object({
          iterable: z
            .array(z.object({ text: z.string() }).loose())
            .max(MAX_RELATED_MESSAGES, `send at most ${MAX_RELATED_MESSAGES} messages in one conversation`),
        })
        .loose()
        .optional(),
      application: z.string().optional(),
      model: z.string().optional(),
    })
    .loose(),
)
