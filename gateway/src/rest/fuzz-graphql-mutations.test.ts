import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzGraphql } from '../testing/fuzz-graphql-probes';

/**
 * Malformed variables and literals for every mutation field of the introspected schema, and one
 * app saved and published 16 times at once.
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. The harness and its rules are in
 * `../testing/fuzz-campaign.ts`, the requests in `../testing/fuzz-graphql-probes.ts`.
 *
 * Limit: 600 s per target. Budget: 3,000 requests per target (the campaign stops with an error
 * past it). Measured here on 2 shared cores, `node scripts/jest.js -w 1 <this file>`:
 * PGlite 27.6 s at a load average of 9.8 (the five files one after another, with other tests).
 */
describeFuzzCampaign('GraphQL mutations', {
  areas: ['graphql'],
  budget: 3_000,
  fuzz: fuzzGraphql('mutations'),
});
