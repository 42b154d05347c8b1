import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzGraphql } from '../testing/fuzz-graphql-probes';

/**
 * Malformed variables and literals for every query and subscription field of the introspected
 * schema from `m` to `z` (the envelopes and the rest: `fuzz-graphql-queries.test.ts`). On PGlite,
 * and on PostgreSQL too when TEST_DATABASE_URL is set; the harness and its rules are in
 * `../testing/fuzz-campaign.ts`. Split off when the queries outgrew one file's budget of 1,600
 * requests per target.
 */
describeFuzzCampaign('GraphQL queries and subscriptions m to z', {
  areas: ['graphql'],
  budget: 1_600,
  fuzz: fuzzGraphql('queries', { from: 'm' }),
});
