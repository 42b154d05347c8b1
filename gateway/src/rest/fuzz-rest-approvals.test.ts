import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzRest } from '../testing/fuzz-rest-probes';

/**
 * Malformed requests to the approval routes (POST /api/runs/{id}/approval, GET and POST
 * /api/approvals/{token}): wrong types, NUL characters, huge and truncated bodies, bad JSON,
 * foreign and made-up ids and tokens. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is
 * set. The harness and its rules are in `../testing/fuzz-campaign.ts`, the requests in
 * `../testing/fuzz-rest-probes.ts`.
 *
 * Budget: 600 requests per target (the campaign stops with an error past it).
 */
describeFuzzCampaign('the approval routes of /api', {
  areas: ['rest'],
  budget: 600,
  fuzz: fuzzRest('approvals'),
});
