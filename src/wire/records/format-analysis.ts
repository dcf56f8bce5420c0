import type { FormatRecord } from '../../store/schemas/schemas.js'

/** The model the mock says analysed every format (the wire's analyses require a full Model). */
const ANALYSIS_MODEL = {
  id: '00000000-0000-4000-8000-0000000000a1',
  version: '1.0.0',
  name: 'Mock Code Analyzer',
  cloud: false,
  type: 'BALANCED',
  usage: 'CODE_CLASSIFICATION',
  created: { value: '2024-01-01T00:00:00.000Z' },
} as const

/** The text a format holds (its fragment's, else its file's). */
const textOf = (format: FormatRecord) => format.fragment?.string?.raw ?? format.file?.string?.raw ?? ''

/**
 * A code or text format's CodeAnalysis, derived from its content: its
 * classification, and how many lines and characters its text has. Its id is
 * the format's with `-analysis`.
 *
 * @example
 * buildCodeAnalysis(format).analysis // '3 lines, 42 characters of ts.'
 */
export function buildCodeAnalysis(format: FormatRecord) {
  const text = textOf(format)
  const lines = text === '' ? 0 : text.split('\n').length
  return {
    id: `${format.id}-analysis`,
    type: format.classification.generic,
    language: format.classification.specific,
    analysis: `${lines} lines, ${text.length} characters of ${format.classification.specific}.`,
    model: ANALYSIS_MODEL,
  }
}

/**
 * An image format's ImageAnalysis, with its OCR: the recognised text is the
 * format's text (`raw` and `hocr` are the format itself, given rendered).
 *
 * @example
 * buildImageAnalysis(format, rendered).ocr.image // the format's id
 */
export function buildImageAnalysis(format: FormatRecord, rendered: unknown) {
  const id = `${format.id}-analysis`
  const text = textOf(format)
  return {
    id,
    analysis: text === '' ? 'An image with no text recognised.' : `An image with ${text.length} characters of text.`,
    ocr: { id: `${format.id}-ocr`, raw: rendered, hocr: rendered, image: format.id, model: ANALYSIS_MODEL },
  }
}

/**
 * A format's Analysis: its code analysis, or its image analysis for an image.
 *
 * @example
 * buildFormatAnalysis(format, () => wire.render('format', format)).format // format.id
 */
export function buildFormatAnalysis(format: FormatRecord, render: () => unknown) {
  const id = `${format.id}-analysis`
  return format.classification.generic === 'IMAGE'
    ? { id, format: format.id, image: buildImageAnalysis(format, render()) }
    : { id, format: format.id, code: buildCodeAnalysis(format) }
}
