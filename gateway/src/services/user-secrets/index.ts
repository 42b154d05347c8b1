export { UserSecretService, type SecretInfo } from './user-secret-service';
export { parseSealingKey } from './sealing-key';
