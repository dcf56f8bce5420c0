import {
  ApplicationsApi,
  AssetApi,
  AssetsApi,
  Configuration,
  ConnectorApi,
  ConversationApi,
  ConversationsApi,
  PlatformEnum,
  SeedTypeEnum,
  ConversationTypeEnum,
  UserApi,
  WellKnownApi,
} from '@pieces.app/pieces-os-client'

/**
 * An HTTP-only session with the official client, in the order the `pieces`
 * CLI makes its calls: start-up (health, version, the user, the applications,
 * connect), `pieces list`, `pieces create`, `pieces search`, a new chat,
 * `pieces chats`, a rename, then deleting what it made.
 */
export async function playOfficialClientSession(basePath: string): Promise<void> {
  const configuration = new Configuration({ basePath })
  const wellKnown = new WellKnownApi(configuration)
  const assets = new AssetsApi(configuration)
  const asset = new AssetApi(configuration)
  const conversations = new ConversationsApi(configuration)
  const conversation = new ConversationApi(configuration)
  await wellKnown.getWellKnownHealth()
  await wellKnown.getWellKnownVersion()
  await new UserApi(configuration).userSnapshot()
  await new ApplicationsApi(configuration).applicationsSnapshot()
  const context = await new ConnectorApi(configuration).connect({
    seededConnectorConnection: {
      application: { name: 'PIECES_FOR_DEVELOPERS_CLI' as never, platform: PlatformEnum.Linux, version: '1.16.0' },
    },
  })
  const listed = await assets.assetsIdentifiersSnapshot()
  for (const { id } of (listed.iterable ?? []).slice(0, 3))
    await asset.assetSnapshot({ asset: id, transferables: false })
  const created = await assets.assetsCreateNewAsset({
    transferables: false,
    seed: {
      type: SeedTypeEnum.SeededAsset,
      asset: {
        application: context.application,
        format: { fragment: { string: { raw: 'def total(items):\n    return sum(items)\n' } } },
      },
    },
  })
  await assets.assetsIdentifiersSnapshot()
  await asset.assetSnapshot({ asset: created.id, transferables: false })
  await assets.searchAssets({ query: 'total', transferables: false })
  const chat = await conversations.conversationsCreateSpecificConversation({
    seededConversation: { type: ConversationTypeEnum.Copilot, name: 'New Conversation' },
  })
  await conversations.conversationsIdentifiersSnapshot()
  const read = await conversation.conversationGetSpecificConversation({ conversation: chat.id })
  await conversation.conversationUpdate({ conversation: { ...read, name: 'Renamed chat' } })
  await conversations.conversationsSnapshot()
  await conversations.conversationsDeleteSpecificConversation({ conversation: chat.id })
  await assets.assetsDeleteAsset({ asset: created.id })
  await assets.assetsIdentifiersSnapshot()
  await conversations.conversationsIdentifiersSnapshot()
  await new ApplicationsApi(configuration).applicationsSnapshot()
}
