import { checkJsonAnswer, type RunContext } from '@blocksmith/block-sdk';
import { IMAGE_ANALYSIS_SCHEMA, type ImageAnalysis } from './image-analysis-schema';
import type { UpstreamImage } from './read-upstream-image';

/** Sent with the image: the question, then the JSON shape to answer in. */
export const VISION_PROMPT = `{{question}}

Answer with one JSON object only, no other text, with exactly these keys:
- "description": your full answer to the request above
- "objects": the main objects, people or elements you can see, as a list of short names
- "text": all text visible in the image, exactly as written ("" when there is none)
- "colors": the main colours, as a list of plain colour names`;

export const STRUCTURE_SYSTEM =
  'You turn an image description into structured data. Use only what the description says; never invent details.';

/** Used only when the vision answer was not the JSON asked for: the SDK's JSON call reshapes it. */
export const STRUCTURE_PROMPT = `Someone looked at an image to answer this request: {{question}}

Their answer:
"""
{{vision_answer}}
"""

Put it into the requested shape: "description" answers the request, "objects" lists what is seen, "text" holds any text visible in the image ("" when none is mentioned), "colors" lists the colours mentioned.`;

type AnalysisContext = Pick<RunContext<unknown>, 'ai' | 'render'>;

/**
 * One vision call asks about the image and for the answer as JSON. When that answer parses and
 * matches the schema it is used as is; otherwise one JSON call (with the SDK's corrective retry)
 * reshapes what the vision call said, so a chatty answer still gives a result.
 */
export async function analyseImage(
  ctx: AnalysisContext,
  image: UpstreamImage,
  question: string,
  /** The model that looks at the image (the block's setting); reshaping uses the server's default. */
  model?: string,
): Promise<ImageAnalysis> {
  const answer = await ctx.ai.vision({
    ...(model && { model }),
    prompt: ctx.render(VISION_PROMPT, { question }),
    image: { data: image.data, mime: image.mime },
  });
  const checked = checkJsonAnswer(answer, IMAGE_ANALYSIS_SCHEMA);
  const analysis = checked.ok
    ? (checked.value as ImageAnalysis)
    : await ctx.ai.json<ImageAnalysis>({
        system: STRUCTURE_SYSTEM,
        prompt: ctx.render(STRUCTURE_PROMPT, { question, vision_answer: answer.trim() }),
        schema: IMAGE_ANALYSIS_SCHEMA,
        schemaName: 'imageAnalysis',
      });
  return tidy(analysis);
}

function tidy(analysis: ImageAnalysis): ImageAnalysis {
  return {
    description: analysis.description.trim(),
    objects: analysis.objects.map((o) => o.trim()),
    text: analysis.text.trim(),
    colors: analysis.colors.map((c) => c.trim()),
  };
}
