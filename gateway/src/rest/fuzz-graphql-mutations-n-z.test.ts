import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzGraphql } from '../testing/fuzz-graphql-probes';

/**
 * Malformed variables and literals for every mutation field of the introspected schema from `n` to
 * `z` (the rest, and one app written many times at once: `fuzz-graphql-mutations.test.ts`). On
 * PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set; the harness and its rules are in
 * `../testing/fuzz-campaign.ts`. Split off when the mutations outgrew one file's budget of 3,000
 * requests per target.
 */
describeFuzzCampaign('GraphQL mutations n to z', {
  areas: ['graphql'],
  budget: 3_000,
  fuzz: fuzzGraphql('mutations', { from: 'n' }),
});
