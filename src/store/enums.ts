import { z } from 'zod'
import { AnchorTypeEnum } from '@pieces.app/pieces-os-client/dist/models/AnchorTypeEnum.js'
import { AnnotationTypeEnum } from '@pieces.app/pieces-os-client/dist/models/AnnotationTypeEnum.js'
import { ApplicationNameEnum } from '@pieces.app/pieces-os-client/dist/models/ApplicationNameEnum.js'
import { CapabilitiesEnum } from '@pieces.app/pieces-os-client/dist/models/CapabilitiesEnum.js'
import { ClassificationGenericEnum } from '@pieces.app/pieces-os-client/dist/models/ClassificationGenericEnum.js'
import { ClassificationRenderingEnum } from '@pieces.app/pieces-os-client/dist/models/ClassificationRenderingEnum.js'
import { ClassificationSpecificEnum } from '@pieces.app/pieces-os-client/dist/models/ClassificationSpecificEnum.js'
import { ConversationMessageSentimentEnum } from '@pieces.app/pieces-os-client/dist/models/ConversationMessageSentimentEnum.js'
import { ConversationTypeEnum } from '@pieces.app/pieces-os-client/dist/models/ConversationTypeEnum.js'
import { ExternalMLProviderEnum } from '@pieces.app/pieces-os-client/dist/models/ExternalMLProviderEnum.js'
import { MechanismEnum } from '@pieces.app/pieces-os-client/dist/models/MechanismEnum.js'
import { ModelFoundationEnum } from '@pieces.app/pieces-os-client/dist/models/ModelFoundationEnum.js'
import { ModelTypeEnum } from '@pieces.app/pieces-os-client/dist/models/ModelTypeEnum.js'
import { ModelUsageEnum } from '@pieces.app/pieces-os-client/dist/models/ModelUsageEnum.js'
import { PlatformEnum } from '@pieces.app/pieces-os-client/dist/models/PlatformEnum.js'
import { PrivacyEnum } from '@pieces.app/pieces-os-client/dist/models/PrivacyEnum.js'
import { QGPTConversationMessageRoleEnum } from '@pieces.app/pieces-os-client/dist/models/QGPTConversationMessageRoleEnum.js'
import { Role } from '@pieces.app/pieces-os-client/dist/models/Role.js'
import { TagCategoryEnum } from '@pieces.app/pieces-os-client/dist/models/TagCategoryEnum.js'

/**
 * Builds a zod enum from one of the official client's enum objects, so the
 * accepted wire strings are exactly the client's.
 */
function enumOf<T extends Record<string, string>>(values: T) {
  return z.enum(Object.values(values) as [T[keyof T], ...Array<T[keyof T]>])
}

export const anchorType = enumOf(AnchorTypeEnum)
export const annotationType = enumOf(AnnotationTypeEnum)
export const applicationName = enumOf(ApplicationNameEnum)
export const capabilities = enumOf(CapabilitiesEnum)
export const classificationGeneric = enumOf(ClassificationGenericEnum)
export const classificationRendering = enumOf(ClassificationRenderingEnum)
export const classificationSpecific = enumOf(ClassificationSpecificEnum)
export const messageSentiment = enumOf(ConversationMessageSentimentEnum)
export const conversationType = enumOf(ConversationTypeEnum)
export const mechanism = enumOf(MechanismEnum)
export const modelFoundation = enumOf(ModelFoundationEnum)
export const modelProvider = enumOf(ExternalMLProviderEnum)
export const modelType = enumOf(ModelTypeEnum)
export const modelUsage = enumOf(ModelUsageEnum)
export const platform = enumOf(PlatformEnum)
export const privacy = enumOf(PrivacyEnum)
export const messageRole = enumOf(QGPTConversationMessageRoleEnum)
export const formatRole = enumOf(Role)
export const tagCategory = enumOf(TagCategoryEnum)
