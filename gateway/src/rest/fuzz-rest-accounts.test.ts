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
 * (load 5.4 to 6.7). The single file they replace took 290 s of a 300 s limit on CI.
 */
describeFuzzCampaign('the account and money routes of /api', {
  areas: ['rest'],
  budget: 3_000,
  fuzz: fuzzRest('accounts'),
});
