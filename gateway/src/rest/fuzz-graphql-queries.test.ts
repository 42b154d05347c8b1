import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzGraphql } from '../testing/fuzz-graphql-probes';

/**
 * Malformed GraphQL envelopes, documents and transports, and malformed variables and literals
 * for every query and subscription field of the introspected schema from `a` to `l` (the rest:
 * `fuzz-graphql-queries-m-z.test.ts`, split off when the queries outgrew this file's budget).
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. The harness and its rules are in
 * `../testing/fuzz-campaign.ts`, the requests in `../testing/fuzz-graphql-probes.ts`.
 *
 * Limit: 600 s per target. Budget: 1,600 requests per target (the campaign stops with an error
 * past it). Measured here on 2 shared cores, `node scripts/jest.js -w 1 <this file>`:
 * 1,008 requests per target; 22 s for the file on PGlite and PostgreSQL (campaigns of 15 s and
 * 4 s) at a load average of 7.9; 40 s with all five fuzz files on both targets at `-w 2`
 * (load 5.4 to 6.7). Busiest run seen, the five at `-w 2` beside other heavy tests (load 2.6 rising
 * to 11.3): campaigns of 58 s on PGlite and 29 s on PostgreSQL. The single file they replace
 * took 290 s of a 300 s limit on CI (here: 89 s on both targets at load 2.4 to 5.2).
 */
describeFuzzCampaign('GraphQL envelopes, queries and subscriptions a to l', {
  areas: ['graphql'],
  budget: 1_600,
  fuzz: fuzzGraphql('queries', { before: 'm' }),
});
