/*
 * Every run body of the account families, in one module loaded on the first
 * call of any of them: one chunk of the build, not one per family.
 */
export {
  allocationSnapshot,
  allocationsCreate,
  allocationsDelete,
  allocationsReconnect,
  allocationsSnapshot,
  allocationUpdate,
} from './allocation-runs.js'
export {
  applicationsBulkUpdateCapabilities,
  applicationsExternalRelated,
  applicationsExternalSnapshot,
  applicationsRegister,
  applicationsSessionClose,
  applicationsSessionOpen,
} from './application-runs.js'
export { discoverAssets, discoverAssetsHtml, discoverSensitives, discoverTagsRelated } from './discovery-runs.js'
export {
  distributionSnapshot,
  distributionsCreate,
  distributionsDelete,
  distributionsSnapshot,
  distributionUpdate,
} from './distribution-runs.js'
export { providerKeyCreate, providerKeyDelete, providerKeyUpdate } from './provider-key-runs.js'
export {
  auth0Logout,
  authorizeAuth0,
  clearPkce,
  exchangeForAuth0Token,
  generateCode,
  generateToken,
  getAuth0UserInfo,
  getChallenge,
  respondWithCode,
} from './sign-in-runs.js'
export {
  authenticateFromOauthToken,
  clearUser,
  refreshUser,
  selectUser,
  userAccessToken,
  userBetaStatus,
  userProviders,
  userUpdateVanity,
  usersDisconnectUser,
} from './user-runs.js'
