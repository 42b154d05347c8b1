import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzRest } from '../testing/fuzz-rest-probes';

/**
 * Malformed requests to the knowledge base routes of the /api document (`/api/knowledge/...`:
 * bases, documents by JSON and multipart, search), on PGlite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set. The harness and its rules are in `../testing/fuzz-campaign.ts`, the
 * requests in `../testing/fuzz-rest-probes.ts`.
 */
describeFuzzCampaign('the knowledge base routes of /api', {
  areas: ['rest'],
  budget: 600,
  fuzz: fuzzRest('knowledge'),
});
