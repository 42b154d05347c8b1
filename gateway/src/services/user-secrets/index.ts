export { UserSecretService, type SecretInfo } from './user-secret-service';
