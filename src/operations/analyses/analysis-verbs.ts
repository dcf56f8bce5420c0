/** Which analyses a list answers. */
export type AnalysesList = 'analyses' | 'code' | 'image' | 'ocr'

/** What a text operation does (the run modules' verbs). */
export type TextVerb =
  | 'personification'
  | 'segmentation'
  | 'convertClassification'
  | 'reprompt'
  | 'tagSearch'
  | 'formatMetrics'
  | 'orderedMetrics'
