import { z } from 'zod'
import { clientEnumValues } from './client-enums.generated.js'
import { lazySchema } from './lazy-schema.js'

/**
 * Builds a zod enum from the values of one of the official client's enums
 * (generated from the client), so the accepted wire strings are exactly the client's.
 * It is built on its first use, as the schemas that hold it are.
 */
function enumOf<const T extends readonly [string, ...string[]]>(values: T) {
  return lazySchema(() => z.enum(values))
}

export const anchorType = enumOf(clientEnumValues.AnchorTypeEnum)
export const annotationType = enumOf(clientEnumValues.AnnotationTypeEnum)
export const applicationName = enumOf(clientEnumValues.ApplicationNameEnum)
export const capabilities = enumOf(clientEnumValues.CapabilitiesEnum)
export const classificationGeneric = enumOf(clientEnumValues.ClassificationGenericEnum)
export const classificationRendering = enumOf(clientEnumValues.ClassificationRenderingEnum)
export const classificationSpecific = enumOf(clientEnumValues.ClassificationSpecificEnum)
export const messageSentiment = enumOf(clientEnumValues.ConversationMessageSentimentEnum)
export const conversationType = enumOf(clientEnumValues.ConversationTypeEnum)
export const mechanism = enumOf(clientEnumValues.MechanismEnum)
export const modelFoundation = enumOf(clientEnumValues.ModelFoundationEnum)
export const modelProvider = enumOf(clientEnumValues.ExternalMLProviderEnum)
export const modelType = enumOf(clientEnumValues.ModelTypeEnum)
export const modelUsage = enumOf(clientEnumValues.ModelUsageEnum)
export const platform = enumOf(clientEnumValues.PlatformEnum)
export const privacy = enumOf(clientEnumValues.PrivacyEnum)
export const messageRole = enumOf(clientEnumValues.QGPTConversationMessageRoleEnum)
export const formatRole = enumOf(clientEnumValues.Role)
export const hintType = enumOf(clientEnumValues.HintTypeEnum)
export const sensitiveCategory = enumOf(clientEnumValues.SensitiveCategoryEnum)
export const sensitiveSeverity = enumOf(clientEnumValues.SensitiveSeverityEnum)
export const access = enumOf(clientEnumValues.AccessEnum)
export const tagCategory = enumOf(clientEnumValues.TagCategoryEnum)
