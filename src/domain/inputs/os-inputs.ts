import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { clientEnumValues } from '../../store/schemas/client-enums.generated.js'
import { fragmentSchema } from '../../store/schemas/schemas.js'

/*
 * The bodies of the OS, connector, linkify and draft routes, as the official
 * client sends them (wire keys). Unknown keys are accepted and ignored.
 */

const appletType = lazySchema(() => z.enum(clientEnumValues.OSAppletEnum))

/** InactiveOSServerApplet: the body of `POST /os/applet/launch` and `/os/applet/restart`. */
export const inactiveAppletInput = lazySchema(() =>
  z
    .object({
      type: appletType.refine((type) => type !== 'UNKNOWN_APPLET_MODULE', {
        message: 'UNKNOWN_APPLET_MODULE is no applet the OS can launch',
      }),
      port: z.number().int().min(0).max(65535).nullable().optional(),
    })
    .loose(),
)

/** OSPermissions: the body of `POST /os/permissions/request`. */
export const osPermissionsInput = lazySchema(() =>
  z
    .object({
      processing: z
        .object({ vision: z.boolean().optional(), accessibility: z.boolean().optional() })
        .loose()
        .optional(),
    })
    .loose(),
)

/** UncheckedOSServerUpdate: the body of `POST /os/update/check` (no fields of its own; may be left out). */
export const uncheckedUpdateInput = lazySchema(() => z.object({}).loose().optional())

/** FilePickerInput: the body of `POST /os/filesystem/files/pick` (may be left out). */
export const filePickerInput = lazySchema(() =>
  z
    .object({
      allowedExtensions: z.array(z.string().max(100)).max(1000).optional(),
      allowMultiple: z.boolean().optional(),
    })
    .loose()
    .optional(),
)

/** SeededConnectorAsset: the body of `POST /{application}/intention`, and the asset of a suggestion. */
export const seededConnectorAssetInput = lazySchema(() =>
  z
    .object({
      format: z
        .object({
          fragment: fragmentSchema.optional(),
          file: z
            .object({ string: z.object({ raw: z.string() }).loose().optional() })
            .loose()
            .optional(),
        })
        .loose(),
    })
    .loose(),
)

/** SeededConnectorCreation: the body of `POST /{application}/suggestion`. */
export const seededConnectorCreationInput = lazySchema(() =>
  z.object({ asset: seededConnectorAssetInput.optional() }).loose(),
)

/** Linkify: the body of `POST /linkify`: an access and the asset to share (by id), or a seed to save and share. */
export const linkifyInput = lazySchema(() =>
  z
    .object({
      access: z.enum(clientEnumValues.AccessEnum),
      asset: z
        .object({ id: z.string().min(1) })
        .loose()
        .optional(),
      seed: z.unknown().optional(),
    })
    .loose()
    .refine((linkify) => linkify.asset !== undefined || linkify.seed !== undefined, {
      message: 'give the asset to share (asset.id) or a seed to save and share',
    }),
)
