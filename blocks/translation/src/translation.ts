import { AiOutputError, BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';
import { TARGET_LANGUAGES, languageName } from './target-languages';
import { TONE_INSTRUCTIONS, TRANSLATION_TONES } from './translation-tones';

export const TRANSLATION_SYSTEM =
  'You are a professional translator. You translate faithfully and naturally, as a native speaker would write.';

export const TRANSLATION_PROMPT =
  'Translate the text below into {{target_language}}. {{tone_instruction}} Keep the meaning and the formatting (line breaks, lists, Markdown), and leave names, numbers and web addresses as they are. Answer with the translation only, without notes or quotation marks.\n\nText:\n"""\n{{text}}\n"""';

export const translation = defineBlock({
  kind: 'translation',
  name: 'Translation',
  description: 'Translates the connected text into another language, in the tone you choose.',
  category: 'ai',
  cost: 1,
  settings: {
    target_language: field.select({
      label: 'Target language',
      options: TARGET_LANGUAGES,
      default: 'Spanish',
      help: 'The language to translate into.',
    }),
    tone: field.select({
      label: 'Tone',
      options: TRANSLATION_TONES,
      default: 'neutral',
      help: 'Neutral keeps the tone of the original.',
    }),
    model: field.aiModel('text'),
  },
  outputs: { translation: output.text('The translated text', { title: 'Translation' }) },
  async run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError('Connect a block that provides the text to translate, such as Text Input.');
    }
    const text = ctx.primaryText().trim();
    if (text === '') {
      throw new BlockInputError(
        'The connected block gave no text to translate. Fill in the input and run again.',
      );
    }
    const prompt = ctx.render(TRANSLATION_PROMPT, {
      target_language: languageName(ctx.settings.target_language),
      tone_instruction: TONE_INSTRUCTIONS[ctx.settings.tone],
      text,
    });
    const translated = (
      await ctx.ai.text({
        model: ctx.settings.model,
        system: TRANSLATION_SYSTEM,
        prompt,
      })
    ).trim();
    if (translated === '')
      throw new AiOutputError('The AI returned an empty translation. Run the app again.');
    return { translation: translated };
  },
});
