/** A slot this tab holds among the open tabs that persist under one key. */
export interface TabSlot {
  /** 0 in the first tab, 1 in the second open beside it, …; a closed tab's slot is free again. */
  readonly index: number
  /** Gives the slot up (closing the tab does too). */
  release(): void
}

const MAX_SLOTS = 64

/**
 * Claims the lowest slot no other open tab holds, with the Web Locks API: each
 * tab then makes new ids from a sequence of its own, and two tabs never hand
 * out the same id. Slot 0 where the API is missing.
 *
 * @example
 * const slot = await claimTabSlot('conversation-asset-mock')
 * createMockService({ idSeed: seed + slot.index * ID_SEED_STRIDE })
 */
export async function claimTabSlot(key: string): Promise<TabSlot> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks
  if (!locks) return { index: 0, release: () => undefined }
  for (let index = 0; index < MAX_SLOTS; index++) {
    let release = () => undefined as void
    const held = new Promise<void>((resolve) => (release = resolve))
    const claimed = await new Promise<boolean>((resolve) => {
      void locks.request(`conversation-asset-mock:${key}:tab-${index}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null)
        return lock === null ? undefined : held
      })
    })
    if (claimed) return { index, release }
  }
  // Past 64 tabs at once: a slot drawn at random, far from the claimed ones.
  return { index: MAX_SLOTS + Math.floor(Math.random() * 1_000_000), release: () => undefined }
}

/** How far apart the id seeds of two tabs are. */
export const ID_SEED_STRIDE = 7919
