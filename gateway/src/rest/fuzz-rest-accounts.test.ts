import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzRest } from '../testing/fuzz-rest-probes';

/**
 * Malformed requests to the account and money routes of /api (auth, users, credits, API keys,
 * secrets, admin, earnings, Stripe checkout and Stripe's webhook).
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. The harness and its rules are in
 * `../testing/fuzz-campaign.ts`, the requests in `../testing/fuzz-rest-probes.ts`.
 *
 * Limit: 600 s per target. Budget: 3,000 requests per target (the campaign stops with an error
 * past it). Measured here on 2 shared cores, `node scripts/jest.js -w 1 <this file>`:
 * 1,958 requests per target; 31 s for the file on PGlite and PostgreSQL (campaigns of 19 s and
 * 6 s) at a load average of 9.0; 25 s with all five fuzz files on both targets at `-w 2`
 * (load 5.4 to 6.7). Busiest run seen, the five at `-w 2` beside other heavy tests (load 2.6 rising
 * to 11.3): campaigns of 102 s on PGlite and 30 s on PostgreSQL. The single file they replace
 * took 290 s of a 300 s limit on CI (here: 89 s on both targets at load 2.4 to 5.2).
 */
describeFuzzCampaign('the account and money routes of /api', {
  areas: ['rest'],
  budget: 3_000,
  fuzz: fuzzRest('accounts'),
});
