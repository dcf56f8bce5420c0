import { AssetApi, Configuration, ConversationApi, ConversationsApi } from '@pieces.app/pieces-os-client'

// The app talks to the service where the real one runs; in Storybook the mock answers there.
export const BASE_URL = 'http://localhost:39300'
const configuration = new Configuration({ basePath: BASE_URL })

export const conversationsApi = new ConversationsApi(configuration)
export const conversationApi = new ConversationApi(configuration)
export const assetApi = new AssetApi(configuration)
