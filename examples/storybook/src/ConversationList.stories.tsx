import type { Meta, StoryObj } from '@storybook/react-vite'
import { ConversationList, createConversationElsewhere } from './ConversationList'

const meta: Meta<typeof ConversationList> = {
  title: 'Conversations/ConversationList',
  component: ConversationList,
}
export default meta

type Story = StoryObj<typeof ConversationList>

/** The embedded fixtures: eight conversations about code. */
export const Default: Story = {}

/** The `empty` scenario. */
export const Empty: Story = { parameters: { mock: { scenario: 'empty' } } }

/** A conversation created elsewhere arrives over the identifier stream and joins the list. */
export const ArrivingOverTheStream: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => canvasElement.querySelectorAll('li').length === 8)
    await createConversationElsewhere('Arrived over the stream')
    await waitFor(() => canvasElement.textContent?.includes('Arrived over the stream') === true)
  },
}

function waitFor(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve() : requestAnimationFrame(check))
    check()
  })
}
