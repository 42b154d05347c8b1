import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzRest } from '../testing/fuzz-rest-probes';

/**
 * Malformed requests to the other routes of the /api document (runs, assistant, analytics,
 * contact, uploads and any route no other group names) and to paths no route names.
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. The harness and its rules are in
 * `../testing/fuzz-campaign.ts`, the requests in `../testing/fuzz-rest-probes.ts`.
 *
 * Limit: 600 s per target. Budget: 1,400 requests per target (the campaign stops with an error
 * past it). Measured here on 2 shared cores, `node scripts/jest.js -w 1 <this file>`:
 * 878 requests per target; 22 s for the file on PGlite and PostgreSQL (campaigns of 14 s and
 * 5 s) at a load average of 8.5; 28 s with all five fuzz files on both targets at `-w 2`
 * (load 5.4 to 6.7). Busiest run seen, the five at `-w 2` beside other heavy tests (load 2.6 rising
 * to 11.3): campaigns of 72 s on PGlite and 21 s on PostgreSQL. The single file they replace
 * took 290 s of a 300 s limit on CI (here: 89 s on both targets at load 2.4 to 5.2).
 */
describeFuzzCampaign('the other routes of /api and unrouted paths', {
  areas: ['rest'],
  budget: 1_400,
  fuzz: fuzzRest('other'),
});
