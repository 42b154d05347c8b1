import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzGraphql } from '../testing/fuzz-graphql-probes';

/**
 * Malformed variables and literals for every mutation field of the introspected schema from `a`
 * to `m` (the rest: `fuzz-graphql-mutations-n-z.test.ts`), and one app saved and published 16
 * times at once.
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. The harness and its rules are in
 * `../testing/fuzz-campaign.ts`, the requests in `../testing/fuzz-graphql-probes.ts`.
 *
 * Limit: 600 s per target. Budget: 3,000 requests per target (the campaign stops with an error
 * past it). Measured here on 2 shared cores, `node scripts/jest.js -w 1 <this file>`:
 * 1,988 requests per target; 27 s for the file on PGlite and PostgreSQL (campaigns of 16 s and
 * 8 s) at a load average of 7.4; 69 s with all five fuzz files on both targets at `-w 2`
 * (load 5.4 to 6.7). Busiest run seen, the five at `-w 2` beside other heavy tests (load 2.6 rising
 * to 11.3): campaigns of 94 s on PGlite and 93 s on PostgreSQL. The single file they replace
 * took 290 s of a 300 s limit on CI (here: 89 s on both targets at load 2.4 to 5.2).
 */
describeFuzzCampaign('GraphQL mutations', {
  areas: ['graphql'],
  budget: 3_000,
  fuzz: fuzzGraphql('mutations', { before: 'n' }),
});
