import type { Meta, StoryObj } from '@storybook/react-vite'
import { GONE_ASSET_ID } from 'conversation-asset-mock'
import { AssetCard } from './AssetCard'

const meta: Meta<typeof AssetCard> = {
  title: 'Assets/AssetCard',
  component: AssetCard,
  args: { id: GONE_ASSET_ID },
}
export default meta

type Story = StoryObj<typeof AssetCard>

/** A snippet from the fixtures. */
export const Default: Story = {}

/** The `gone-asset` scenario: the same snippet was deleted, so the service answers 410. */
export const Gone: Story = { parameters: { mock: { scenario: 'gone-asset' } } }
