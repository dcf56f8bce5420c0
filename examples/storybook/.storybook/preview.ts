// This is the file a team copies into its own .storybook/preview.ts.
import type { Preview } from '@storybook/react-vite'
import { createMockService, type ScenarioName } from 'conversation-asset-mock'
import { createMswAdapter } from 'conversation-asset-mock/msw'
import { setupWorker } from 'msw/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** Which dataset the story runs on (default, empty, large or gone-asset), and the copilot's pace. */
    mock?: { scenario?: ScenarioName; copilotPaceMs?: number }
  }
}

const preview: Preview = {
  // msw-storybook-addon starts one worker for the whole Storybook; requests
  // the mock does not answer (Storybook's own files) pass through.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker()
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true })
      return worker
    }),
  ],
  // Each story gets a fresh mock built from its `mock.scenario` parameter;
  // the addon drops the story's handlers when the next story starts.
  async beforeEach({ msw, parameters }) {
    const mock = createMockService({
      scenario: parameters.mock?.scenario ?? 'default',
      copilotPaceMs: parameters.mock?.copilotPaceMs ?? 0,
    })
    const adapter = createMswAdapter(mock)
    await mock.ready
    msw.use(...adapter.handlers)
    adapter.startStreams()
    ;(globalThis as Record<string, unknown>).conversationAssetMock = mock
    return () => adapter.stopStreams()
  },
}

export default preview
