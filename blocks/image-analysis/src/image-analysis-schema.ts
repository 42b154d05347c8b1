/** The `imageAnalysis` output the result display reads. */
export interface ImageAnalysis {
  /** The answer to the block's question about the image. */
  description: string;
  /** Main objects, people or elements seen. */
  objects: string[];
  /** Text visible in the image, as written; empty when there is none. */
  text: string;
  /** Main colours, as plain names. */
  colors: string[];
}

export const IMAGE_ANALYSIS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['description', 'objects', 'text', 'colors'],
  properties: {
    description: { type: 'string', pattern: '\\S' },
    objects: { type: 'array', maxItems: 50, items: { type: 'string', pattern: '\\S' } },
    text: { type: 'string' },
    colors: { type: 'array', maxItems: 20, items: { type: 'string', pattern: '\\S' } },
  },
} as const;
