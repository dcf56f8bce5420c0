import type { AllocationCloud, AllocationCloudUrl } from '@pieces.app/pieces-os-client'
import type { UserRecord } from '../../store/schemas/schemas.js'
import type { Wire, WireContext } from '../wire-types.js'

/**
 * A user's stored cloud as the wire AllocationCloud: its URLs (the base, its
 * own id's and, when the user has a vanity name, the vanity one) carry the
 * cloud's status.
 *
 * @example
 * const cloud = buildAllocationCloud(user, user.allocation!, wire)
 */
export function buildAllocationCloud(
  user: UserRecord,
  allocation: NonNullable<UserRecord['allocation']>,
  context: Pick<WireContext, 'timestamp'>,
): Wire<AllocationCloud> {
  const url = (host: string): Wire<AllocationCloudUrl> => ({
    status: allocation.status,
    url: `https://${host}.pieces.cloud`,
  })
  const cloud: Wire<AllocationCloud> = {
    id: allocation.id,
    user: user.id,
    urls: {
      base: { status: allocation.status, url: 'https://pieces.cloud' },
      id: url(allocation.id),
      ...(user.vanityname !== undefined && { vanity: url(user.vanityname) }),
    },
    status: { cloud: allocation.status },
    project: allocation.project,
  }
  if (allocation.updated !== undefined) cloud.updated = context.timestamp(allocation.updated)
  if (allocation.version !== undefined) cloud.version = allocation.version
  if (allocation.region !== undefined) cloud.region = allocation.region
  return cloud
}
