import { APP_URL, expect, test } from './fixtures.js'

// Eight tests over four workers, all at once: each creates a conversation and must see
// only its own among the ones the tests create, in the page and in its mock's store.
for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
  test(`test ${n} sees the conversation it created and no other test's`, async ({ page, mock }) => {
    const own = `e2e conversation ${n}`
    await page.goto(APP_URL)
    await expect(page.locator('#conversations[data-loaded]')).toBeAttached()
    const seeded = await page.locator('#conversations li').count()

    await page.getByLabel('Name').fill(own)
    await page.getByRole('button', { name: 'Create' }).click()

    await expect(page.locator('#conversations li')).toHaveCount(seeded + 1)
    await expect(page.locator('#conversations li', { hasText: 'e2e conversation' })).toHaveText([own])
    const names = [...mock.store.all('conversation')].map((conversation) => conversation.name)
    expect(names.filter((name) => name?.startsWith('e2e'))).toEqual([own])
    mock.verify({ operation: 'conversationsCreateSpecificConversation', body: { name: own }, times: 1 })
  })
}

test('the identifier stream reaches the page through the routed WebSocket', async ({ page, mock }) => {
  await page.goto(APP_URL)
  const seeded = mock.store.count('conversation')
  await expect(page.locator('#streamed')).toHaveText(String(seeded))

  await page.getByLabel('Name').fill('streamed')
  await page.getByRole('button', { name: 'Create' }).click()

  await expect(page.locator('#streamed')).toHaveText(String(seeded + 1))
})

test('a fault injected into this test’s mock fails only this test’s request', async ({ page, mock }) => {
  mock.faults.add({ operation: 'conversationsSnapshot', status: 503, times: 1 })
  const failed = page.waitForResponse((response) => response.url().endsWith('/conversations'))
  await page.goto(APP_URL)
  expect((await failed).status()).toBe(503)
})
