import { gql } from '@apollo/client';
import { APP_FIELDS } from './operations';

/** The GraphQL documents of API keys and embeds. */

const API_KEY_FIELDS = gql`
  fragment ApiKeyFields on ApiKey {
    id
    name
    prefix
    createdAt
    lastUsedAt
  }
`;

export const API_KEYS = gql`
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
  ${API_KEY_FIELDS}
`;

export const CREATE_API_KEY = gql`
  mutation CreateApiKey($name: String!) {
    createApiKey(name: $name) {
      id
      name
      prefix
      createdAt
      lastUsedAt
      key
    }
  }
`;

export const REVOKE_API_KEY = gql`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id)
  }
`;

const EMBED_SETTINGS_FIELDS = gql`
  fragment EmbedSettingsFields on EmbedSettings {
    appId
    available
    requiredPlan
    paysOwner
    monthlyCredits
    usedThisMonth
  }
`;

export const EMBED_SETTINGS = gql`
  query EmbedSettings($appId: ID!) {
    embedSettings(appId: $appId) {
      ...EmbedSettingsFields
    }
  }
  ${EMBED_SETTINGS_FIELDS}
`;

export const UPDATE_EMBED_SETTINGS = gql`
  mutation UpdateEmbedSettings($appId: ID!, $paysOwner: Boolean!, $monthlyCredits: Int!) {
    updateEmbedSettings(appId: $appId, paysOwner: $paysOwner, monthlyCredits: $monthlyCredits) {
      ...EmbedSettingsFields
    }
  }
  ${EMBED_SETTINGS_FIELDS}
`;

export const EMBEDDED_APP = gql`
  query EmbeddedApp($slug: String!) {
    embeddedApp(slug: $slug) {
      app {
        ...AppFields
      }
      paysOwner
    }
  }
  ${APP_FIELDS}
`;

export const RUN_EMBEDDED = gql`
  mutation RunEmbedded($slug: String!, $inputs: JSONObject) {
    runEmbedded(slug: $slug, inputs: $inputs) {
      id
      status
      cost
      result
      nodes
      error
      errorCode
    }
  }
`;
