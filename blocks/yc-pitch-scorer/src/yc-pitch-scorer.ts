import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';
import { STRICTNESS_INSTRUCTIONS, STRICTNESS_LEVELS } from './strictness-levels';
import { YC_APPLICATION_SCHEMA, type YcApplication } from './yc-application-schema';
import { YC_QUESTIONS } from './yc-questions';

export const YC_SYSTEM =
  'You are an experienced Y Combinator partner reviewing applications. You are honest, specific and constructive. Never invent facts about the startup: when the application does not say something, point that out.';

export const YC_PROMPT = `Score the startup application below against the core Y Combinator questions.

Application:
"""
{{application}}
"""

Give one section per question, in this order, copying each question exactly:
{{questions}}

In each section, "answer" is the application's answer to that question rewritten as a complete, concise answer using only what the application says (say what is missing when it does not answer the question), "score" is from 0 to 10, and "feedback" says what is strong and what to improve. Then give "overallScore" (0 to 10), "overallFeedback", at least 3 concrete "recommendations" with the most important first, and "fullApplication": the whole application rewritten as complete answers, each question as a heading followed by its answer.

Scoring: {{strictness_instruction}}`;

const NUMBERED_QUESTIONS = YC_QUESTIONS.map((q, i) => `${i + 1}. ${q}`).join('\n');

export const ycPitchScorer = defineBlock({
  kind: 'ycPitchScorer',
  name: 'YC Application Scorer',
  description:
    'Scores a startup pitch against the core Y Combinator application questions, with feedback and a rewritten application.',
  category: 'ai',
  cost: 3,
  // A richer block: plans that include full blocks may add it (see the plans table).
  tier: 'full',
  historyType: 'yc_pitch_scorer',
  settings: {
    strictness: field.select({
      label: 'Strictness',
      options: STRICTNESS_LEVELS,
      default: 'standard',
      help: 'How hard to mark the application.',
    }),
    model: field.aiModel('structured'),
  },
  outputs: { ycApplication: output.json('scores, feedback, recommendations and the rewritten application') },
  present: [
    {
      output: 'ycApplication',
      title: 'YC application review',
      download: 'yc-application',
      views: [
        {
          view: 'scorecard',
          score: 'overallScore',
          feedback: 'overallFeedback',
          recommendations: { path: 'recommendations', title: 'Top recommendations' },
          sections: {
            path: 'sections',
            title: 'Sections',
            heading: 'question',
            text: 'answer',
            score: 'score',
            feedback: 'feedback',
          },
          fullText: { path: 'fullApplication', title: 'Full application' },
        },
      ],
    },
  ],
  async run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError(
        'Connect a block that provides the startup pitch or application, such as Text Input.',
      );
    }
    const application = ctx.primaryText().trim();
    if (application === '') {
      throw new BlockInputError(
        'The connected block gave no pitch to score. Fill in the input and run again.',
      );
    }
    const result = await ctx.ai.json<YcApplication>({
      model: ctx.settings.model,
      system: YC_SYSTEM,
      prompt: ctx.render(YC_PROMPT, {
        application,
        questions: NUMBERED_QUESTIONS,
        strictness_instruction: STRICTNESS_INSTRUCTIONS[ctx.settings.strictness],
      }),
      schema: YC_APPLICATION_SCHEMA,
      schemaName: 'ycApplication',
    });
    return {
      ycApplication: {
        overallScore: result.overallScore,
        overallFeedback: result.overallFeedback.trim(),
        recommendations: result.recommendations.map((r) => r.trim()),
        fullApplication: result.fullApplication.trim(),
        sections: result.sections.map((s) => ({
          question: s.question,
          answer: s.answer.trim(),
          score: s.score,
          feedback: s.feedback.trim(),
        })),
      },
    };
  },
});
