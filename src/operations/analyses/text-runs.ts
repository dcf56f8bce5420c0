import { z } from 'zod'
import { detectClassification } from '../../domain/language-detection.js'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { clientEnumValues } from '../../store/schemas/client-enums.generated.js'
import { json, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { booleanQuery, parseBody, wireContext } from '../define/request-input.js'
import { formatMetrics, orderedMetrics, tagSearch } from './store-metrics.js'
import type { TextVerb } from './analysis-verbs.js'

/** The most languages, personas, fragments and seeds a text operation reads or answers. */
const MAX_ITEMS = 16
const MAX_FRAGMENTS = 64
const FENCE = /```([\w+#.-]*)[^\n]*\n([\s\S]*?)```/g

const personaInput = lazySchema(() =>
  z
    .object({
      languages: z.array(z.string().max(64)).max(MAX_ITEMS).optional(),
      personas: z.array(z.string().max(64)).max(MAX_ITEMS).optional(),
    })
    .loose(),
)
const unsegmentedInput = lazySchema(() => z.object({ value: z.string() }).loose())
const seededFormatInput = lazySchema(() =>
  z
    .object({
      fragment: z
        .object({ string: z.object({ raw: z.string().optional() }).loose().optional() })
        .loose()
        .optional(),
      file: z
        .object({ string: z.object({ raw: z.string().optional() }).loose().optional() })
        .loose()
        .optional(),
    })
    .loose(),
)
const repromptInput = lazySchema(() =>
  z
    .object({
      query: z.string(),
      conversation: z
        .object({ iterable: z.array(z.object({ text: z.string(), role: z.string() }).loose()).optional() })
        .loose(),
    })
    .loose(),
)

type Specific = (typeof clientEnumValues.ClassificationSpecificEnum)[number]
const SPECIFICS = new Set<string>(clientEnumValues.ClassificationSpecificEnum)
const specificOf = (name: string): Specific | undefined =>
  SPECIFICS.has(name.toLowerCase()) ? (name.toLowerCase() as Specific) : undefined

/**
 * Runs one text operation (loaded on its first call).
 *
 * @example
 * await runText(context, 'segmentation')
 */
export async function runText(context: OperationContext, verb: TextVerb): Promise<OperationResult> {
  switch (verb) {
    case 'personification':
      return json(personification(context))
    case 'segmentation':
      return json(await segmentation(context))
    case 'convertClassification': {
      requireBody(context.request.body, 'SeededFormat')
      const seeded = parseBody(seededFormatInput, context.request.body, 'SeededFormat')
      const text = seeded.fragment?.string?.raw ?? seeded.file?.string?.raw ?? ''
      return json({ ...seeded, classification: await detectClassification(text) })
    }
    case 'reprompt':
      return json(reprompt(context))
    case 'tagSearch':
      return json(tagSearch(context))
    case 'formatMetrics':
      return json(formatMetrics(context.store))
    case 'orderedMetrics':
      return json(orderedMetrics(context.store))
  }
}

/** One starter snippet per language and persona asked (TypeScript for a developer when none is). */
function personification(context: OperationContext) {
  const input = parseBody(personaInput, context.request.body ?? {}, 'PreonboardedPersonaDetails')
  const languages = input.languages?.length ? input.languages : ['ts']
  const personas = input.personas?.length ? input.personas : ['developer']
  const first = context.store.all('application')[Symbol.iterator]().next().value
  const application = first
    ? wireContext(context).render('application', first)
    : {
        id: 'conversation-asset-mock',
        name: 'UNKNOWN',
        version: '1',
        platform: 'LINUX',
        onboarded: true,
        privacy: 'OPEN',
      }
  const seeds = languages.flatMap((language) =>
    personas.map((persona) => {
      const specific = specificOf(language)
      return {
        type: 'SEEDED_ASSET',
        asset: {
          application,
          metadata: { name: `A ${persona}'s first ${language} snippet` },
          format: {
            fragment: { string: { raw: `${persona} starter in ${language}` } },
            ...(specific && { classification: { generic: 'CODE', specific } }),
          },
        },
      }
    }),
  )
  return { seeds: { iterable: seeds } }
}

/** The text cut at its fenced code blocks: prose fragments and code fragments, classified when asked. */
async function segmentation(context: OperationContext) {
  requireBody(context.request.body, 'UnsegmentedTechnicalLanguage')
  const { value } = parseBody(unsegmentedInput, context.request.body, 'UnsegmentedTechnicalLanguage')
  const classify = booleanQuery(context.request.query, 'classify', false)
  const pieces: { code: boolean; text: string; fence?: string }[] = []
  let last = 0
  for (const match of value.matchAll(FENCE)) {
    pieces.push({ code: false, text: value.slice(last, match.index) })
    pieces.push({ code: true, text: match[2] ?? '', fence: match[1] ?? '' })
    last = match.index + match[0].length
  }
  pieces.push({ code: false, text: value.slice(last) })
  const kept = pieces.filter((piece) => piece.text.trim() !== '').slice(0, MAX_FRAGMENTS)
  const iterable = []
  for (const piece of kept) {
    const text = piece.code ? piece.text.replace(/\n$/, '') : piece.text.trim()
    const named = piece.fence ? specificOf(piece.fence) : undefined
    const detected = classify && !named ? await detectClassification(text) : undefined
    const generic = piece.code ? 'CODE' : 'TEXT'
    const specific = classify ? (piece.code ? (named ?? detected?.specific) : 'text') : undefined
    iterable.push({ generic, ...(specific && { specific }), fragment: { string: { raw: text } } })
  }
  return { iterable }
}

/** The follow-up question made whole: the earlier user question it follows named in it. */
function reprompt(context: OperationContext) {
  requireBody(context.request.body, 'QGPTRepromptInput')
  const { query, conversation } = parseBody(repromptInput, context.request.body, 'QGPTRepromptInput')
  const previous = (conversation.iterable ?? [])
    .filter((message) => message.role === 'USER')
    .at(-1)
    ?.text.trim()
  const clipped = previous && previous.length > 200 ? `${previous.slice(0, 200)}…` : previous
  return { query: clipped ? `${query.trim()} (following up on: ${clipped})` : query.trim() }
}
