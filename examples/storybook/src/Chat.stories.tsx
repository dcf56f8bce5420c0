import type { Meta, StoryObj } from '@storybook/react-vite'
import { Chat } from './Chat'

const meta: Meta<typeof Chat> = {
  title: 'Conversations/Chat',
  component: Chat,
  // The copilot's answer streams in a chunk every 40 ms, so it can be watched.
  parameters: { mock: { copilotPaceMs: 40 } },
}
export default meta

type Story = StoryObj<typeof Chat>

/** The first conversation of the fixtures, ready for a question. */
export const Default: Story = {}

/** A question is asked; the reply streams in over /qgpt/stream and is stored in the conversation. */
export const StreamingReply: Story = {
  play: async ({ canvasElement }) => {
    const button = await waitFor(() =>
      canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])'),
    )
    button.click()
    await waitFor(() => canvasElement.querySelector('output[data-status="COMPLETED"]'))
  },
}

function waitFor<T>(find: () => T | null | undefined): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const found = find()
      if (found) resolve(found)
      else requestAnimationFrame(check)
    }
    check()
  })
}
