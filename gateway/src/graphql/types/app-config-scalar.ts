import { GraphQLScalarType } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';

/**
 * An app's canvas as a JSON object. It is JSONObject on the wire (the same checks and messages);
 * its own name lets clients' generated types read it as the schema package's AppConfig.
 */
export const AppConfigScalar = new GraphQLScalarType({
  ...GraphQLJSONObject.toConfig(),
  name: 'AppConfig',
  description: 'An app’s canvas, a JSON object: { plugins, connections, canvas }.',
});
