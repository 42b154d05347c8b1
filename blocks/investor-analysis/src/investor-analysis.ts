import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';
import { investorAnalysisSchema, type Investor, type InvestorAnalysis } from './investor-analysis-schema';

export const INVESTOR_SYSTEM =
  'You are a startup fundraising analyst. Suggest only real, active investors you have reliable knowledge of. Use only publicly listed contact details, such as an address or contact page the investor publishes for pitches. Leave email as an empty string when you do not know a publicly listed address; never guess or construct an email address. Leave contactPage empty when you do not know one.';

export const INVESTOR_PROMPT = `Read the startup description below. Work out its industry, business model and funding stage, then suggest exactly {{count}} investors (venture funds, their partners, or angel investors) who invest in companies like it{{region_instruction}}.

Startup:
"""
{{startup}}
"""

For each investor give: name (the person or firm), fundName (the fund or firm they invest through; "" for an individual angel), country, email (publicly listed only, else ""), contactPage (their public page for pitches or contact, else "") and tags (a few short labels such as focus sectors and stages).`;

export const investorAnalysis = defineBlock({
  kind: 'investorAnalysis',
  name: 'Investor Finder',
  description:
    'Reads a startup description and suggests investors that fit it, with their public contact details.',
  category: 'ai',
  cost: 3,
  // A richer block: plans that include full blocks may add it (see the plans table).
  tier: 'full',
  settings: {
    region: field.text({
      label: 'Region',
      required: false,
      placeholder: 'e.g. Europe',
      help: 'Optional: where the investors should be based or invest. May use {{variables}}.',
    }),
    count: field.number({
      label: 'Number of investors',
      default: 5,
      min: 3,
      max: 10,
      step: 1,
      integer: true,
      help: 'How many investors to suggest (3 to 10).',
    }),
    model: field.aiModel('structured'),
  },
  outputs: { investorAnalysis: output.json('industry, businessModel, stage and the suggested investors') },
  present: [
    {
      output: 'investorAnalysis',
      title: 'Investor analysis',
      download: 'investors',
      views: [
        {
          view: 'fields',
          inline: true,
          fields: [
            { label: 'Industry', path: 'industry' },
            { label: 'Business model', path: 'businessModel' },
            { label: 'Stage', path: 'stage' },
          ],
        },
        {
          view: 'cards',
          path: 'investors',
          title: 'Investors',
          card: {
            title: 'name',
            subtitle: 'fundName',
            lines: ['country'],
            links: [
              { path: 'email', kind: 'email' },
              { path: 'contactPage', kind: 'url' },
            ],
            tags: 'tags',
          },
        },
      ],
    },
  ],
  async run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError('Connect a block that describes the startup, such as Text Input.');
    }
    const startup = ctx.primaryText().trim();
    if (startup === '') {
      throw new BlockInputError(
        'The connected block gave no description of the startup. Fill in the input and run again.',
      );
    }
    const region = ctx.render(ctx.settings.region).trim();
    const { count } = ctx.settings;
    const analysis = await ctx.ai.json<InvestorAnalysis>({
      model: ctx.settings.model,
      system: INVESTOR_SYSTEM,
      prompt: ctx.render(INVESTOR_PROMPT, {
        count,
        startup,
        region_instruction: region === '' ? '' : `, based in or actively investing in ${region}`,
      }),
      schema: investorAnalysisSchema(count),
      schemaName: 'investorAnalysis',
    });
    return {
      investorAnalysis: {
        industry: analysis.industry.trim(),
        businessModel: analysis.businessModel.trim(),
        stage: analysis.stage.trim(),
        investors: analysis.investors.map(tidyInvestor),
      },
    };
  },
});

function tidyInvestor(investor: Investor): Investor {
  return {
    name: investor.name.trim(),
    fundName: investor.fundName.trim(),
    country: investor.country.trim(),
    email: investor.email.trim(),
    contactPage: investor.contactPage.trim(),
    tags: investor.tags.map((t) => t.trim()),
  };
}
