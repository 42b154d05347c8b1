export { GeminiProvider } from './gemini-provider';
export {
  geminiConfigFrom,
  GEMINI_BASE_URL,
  GEMINI_IMAGE_MODEL,
  GEMINI_TEXT_MODEL,
  type GeminiProviderConfig,
} from './gemini-config';
