/** An API key as its owner lists it: never the secret. */
export interface ApiKey {
  id: string;
  name: string;
  /** `bsk_` and the next characters, to recognise the key by. */
  prefix: string;
  /** ISO times. */
  createdAt: string;
  lastUsedAt: string | null;
}

/** A new key with its secret, which the server shows this once and never again. */
export interface CreatedApiKey extends ApiKey {
  /** Sent as `Authorization: Bearer <key>`. */
  key: string;
}
