import { z } from 'zod'
import { createMemory, recallMemories, type RecalledMemory } from '../../domain/machine/long-term-memory.js'
import type { Store } from '../../store/create-store.js'

/** What a tool answers: its text, and whether it is an error the caller can fix. */
interface McpToolAnswer {
  readonly text: string
  readonly isError?: boolean
}

/** A tool of the service's MCP server: its name, what it is for, its input and what it does with the store. */
export interface McpTool {
  readonly name: string
  readonly description: string
  /** The input's zod object, built when the MCP server is made (never at import). */
  inputSchema(): z.ZodObject
  run(store: Store, input: Record<string, unknown>): Promise<McpToolAnswer>
}

const strings = (description: string) => z.array(z.string().max(4096)).max(256).optional().describe(description)
const connectedClient = () =>
  z
    .string()
    .optional()
    .describe('The name of the client that is connected to the Pieces API, e.g. `Cursor`, `Claude`, `Goose`.')

/** `ask_pieces_ltm`: what the long-term memory holds about a question, from the stored records. */
const askPiecesLtm: McpTool = {
  name: 'ask_pieces_ltm',
  description: "Ask Pieces a question to retrieve historical/contextual information from the user's environment.",
  inputSchema: () =>
    z.object({
      question: z
        .string()
        .min(1)
        .max(65_536)
        .describe("The user's direct question for the Pieces LTM. Always include the exact user query."),
      topics: strings("An array of topical keywords extracted from the user's question, providing helpful context."),
      open_files: strings('List of currently open file paths or tabs within the IDE/workspace.'),
      application_sources: strings('The application sources the user query names (e.g. Chrome, Code, Obsidian).'),
      chat_llm: z.string().max(256).describe('The LLM the user selected to converse with, e.g. gpt-4o-mini.'),
      related_questions: strings("Questions related to the user's question that help tell its intent."),
      connected_client: connectedClient(),
    }),
  async run(store, input) {
    const question = input.question as string
    const recalled = recallMemories(store, { question, topics: (input.topics as string[] | undefined) ?? [] })
    return { text: recalledText(question, recalled) }
  },
}

/** `create_pieces_memory`: keeps a memory, as a workstream summary a later question finds. */
const createPiecesMemory: McpTool = {
  name: 'create_pieces_memory',
  description:
    'Use this tool to capture a detailed, never-forgotten memory in Pieces: a "smart checkpoint" (a workstream summary) that preserves important context or breakthroughs of a project for future reference.',
  inputSchema: () =>
    z.object({
      summary_description: z
        .string()
        .min(1)
        .max(4096)
        .describe('A concise summary or title describing the memory (1-2 sentences).'),
      summary: z
        .string()
        .min(1)
        .max(1_048_576)
        .describe('A detailed, markdown-formatted narrative of the entire story.'),
      project: z.string().max(4096).optional().describe('The absolute path to the root of the project.'),
      files: strings('A list of all relevant files or folders involved in this memory, as absolute paths.'),
      externalLinks: strings('External references: repository URLs, documentation pages, articles.'),
      connected_client: connectedClient(),
    }),
  async run(store, input) {
    const summary = await store.write((tx) =>
      createMemory(tx, {
        summaryDescription: input.summary_description as string,
        summary: input.summary as string,
        ...(input.project !== undefined && { project: input.project as string }),
        ...(input.files !== undefined && { files: input.files as string[] }),
        ...(input.externalLinks !== undefined && { externalLinks: input.externalLinks as string[] }),
      }),
    )
    return { text: `Created the memory "${summary.name}" (workstream summary ${summary.id}).` }
  },
}

/**
 * The tools the service's MCP server exposes, as the Pieces MCP server names
 * them (the `pieces` CLI's fallback list): asking the long-term memory and
 * creating a memory.
 *
 * @example
 * PIECES_MCP_TOOLS.map((tool) => tool.name) // ['ask_pieces_ltm', 'create_pieces_memory']
 */
export const PIECES_MCP_TOOLS: readonly McpTool[] = [askPiecesLtm, createPiecesMemory]

const KIND_NAMES: Record<RecalledMemory['kind'], string> = {
  workstreamSummary: 'Memory',
  conversation: 'Conversation',
  asset: 'Saved material',
}

/** The answer to a question: what was recalled, one section each, or that nothing was. */
function recalledText(question: string, recalled: readonly RecalledMemory[]): string {
  if (recalled.length === 0) return `Pieces has no stored context that matches "${question}".`
  const sections = recalled.map(
    (memory) =>
      `## ${KIND_NAMES[memory.kind]}: ${memory.name || '(unnamed)'}\nid: ${memory.id}, created ${memory.created}\n\n${memory.excerpt}`,
  )
  return [`Pieces found ${recalled.length} stored record(s) related to "${question}":`, ...sections].join('\n\n')
}
