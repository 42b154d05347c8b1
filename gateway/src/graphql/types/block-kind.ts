import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { BlockCatalogueEntry, BlockFlow, ResultDeclaration, SettingsSpec } from '@blocksmith/schema';

@ObjectType({
  simpleResolvers: true,
  description: 'A named output of a block kind; the first is the block variable.',
})
export class BlockOutput {
  @Field() name!: string;
  @Field({ description: 'text, json, url, number or list' }) type!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
}

@ObjectType({
  simpleResolvers: true,
  description: 'A block kind the server knows, with everything the workbench needs to draw it.',
})
export class BlockKind implements Omit<
  BlockCatalogueEntry,
  'category' | 'settings' | 'outputs' | 'inputKind' | 'inputChecks' | 'flow'
> {
  @Field({ description: 'The kind, e.g. textGeneration.' }) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field({ description: 'input, ai or output' }) category!: string;
  @Field(() => Int) version!: number;
  @Field(() => GraphQLJSONObject, {
    description: 'The declared settings: the properties form is drawn from these.',
  })
  settings!: SettingsSpec;
  @Field(() => [BlockOutput]) outputs!: BlockOutput[];
  @Field(() => Int, { description: 'Credits one run of this block costs.' }) cost!: number;
  @Field({ description: 'Name in credit history, e.g. text_generation.' }) historyType!: string;
  @Field({ description: 'core (every plan may add it) or full (plans that include full blocks).' })
  tier!: 'core' | 'full';
  @Field(() => String, { nullable: true, description: 'Input blocks: text, file or choice.' })
  inputKind?: string | null;
  @Field(() => [String], {
    description:
      'Input blocks: the named checks (linkedInProfileUrl) what the person enters must pass before a run; empty for none.',
  })
  inputChecks!: string[];
  @Field(() => Int, {
    nullable: true,
    description:
      'Where the Add Node panel lists the block among its category, from 1; null after the ranked ones.',
  })
  paletteRank?: number | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description:
      'How the block steers a run: routes (output ports, fixed or one per line of a text setting), loop (it runs the blocks after it once per item) or endsLoop; null for blocks that run once.',
  })
  flow?: BlockFlow | null;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      'How its results are shown: one card per entry, each an output, a title and views from a closed set (text, markdown, fields, scorecard, cards, table, image, file).',
  })
  present?: ResultDeclaration[] | null;
}

@ObjectType({ simpleResolvers: true })
export class AvailableModels {
  @Field(() => [String]) models!: string[];
  @Field() defaultModel!: string;
}
