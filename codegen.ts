import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the clients of the GraphQL API, generated from the committed SDL and the
 * operations each client writes in its `.graphql` files, with the fragments both select
 * (schema/fragments.graphql). `npm run codegen` rewrites them;
 * scripts/codegen.test.ts fails while a committed file differs from what this produces.
 */
const plugins = ['typescript-operations', 'typed-document-node'];

const config = {
  enumsAsTypes: true,
  skipTypename: true,
  useTypeImports: true,
  strictScalars: true,
  scalars: {
    ID: 'string',
    JSON: 'unknown',
    JSONObject: 'Record<string, unknown>',
    AppConfig: 'Record<string, unknown>',
    DateTimeISO: 'string',
  },
};

const codegen: CodegenConfig = {
  schema: 'schema/schema.graphql',
  generates: {
    'workbench/src/api/generated/graphql.ts': {
      documents: ['schema/fragments.graphql', 'workbench/src/api/*.graphql'],
      plugins,
      // The workbench reads an app's canvas as the schema package's type, as the gateway writes it.
      config: { ...config, scalars: { ...config.scalars, AppConfig: '@blocksmith/schema#AppConfig' } },
    },
    'rest-bridge/src/generated/graphql.ts': {
      documents: ['schema/fragments.graphql', 'rest-bridge/src/operations/*.graphql'],
      plugins,
      config,
    },
  },
};

export default codegen;
