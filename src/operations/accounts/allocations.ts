import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * The users' clouds beyond connecting and disconnecting (AllocationApi,
 * AllocationsApi): list, read, create, update, reconnect, delete. A cloud
 * lives on its user's record (`allocation`), so `/user/stream` sends each change.
 *
 * @example
 * routeTable() // holds these
 */
export const allocationOperations: readonly Operation[] = [
  defineOperation({
    id: 'allocationsSnapshot',
    method: 'GET',
    paths: ['/allocations'],
    params: {},
    run: async (context) => (await runs()).allocationsSnapshot(context),
  }),
  defineOperation({
    id: 'allocationSnapshot',
    method: 'GET',
    paths: ['/allocation/:allocation'],
    // A cloud lives on its user's record.
    params: { allocation: 'user' },
    run: async (context) => (await runs()).allocationSnapshot(context),
  }),
  defineOperation({
    id: 'allocationsCreateNewAllocation',
    method: 'POST',
    paths: ['/allocations/create'],
    params: {},
    run: async (context) => (await runs()).allocationsCreate(context),
  }),
  defineOperation({
    id: 'allocationUpdate',
    method: 'POST',
    paths: ['/allocation/update'],
    params: {},
    run: async (context) => (await runs()).allocationUpdate(context),
  }),
  defineOperation({
    id: 'allocationsReconnectCloud',
    method: 'POST',
    paths: ['/allocations/reconnect'],
    params: {},
    run: async (context) => (await runs()).allocationsReconnect(context),
  }),
  defineOperation({
    id: 'allocationsDeleteAllocation',
    method: 'POST',
    paths: ['/allocations/delete'],
    params: {},
    run: async (context) => (await runs()).allocationsDelete(context),
  }),
]
