import { gql } from '@apollo/client';

/** One of the person's secrets as they see it listed: never its value. */
export interface SecretInfo {
  name: string;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
}

export const SECRETS = gql`
  query Secrets {
    secrets {
      name
      createdAt
      updatedAt
    }
  }
`;

export const SET_SECRET = gql`
  mutation SetSecret($name: String!, $value: String!) {
    setSecret(name: $name, value: $value) {
      name
      createdAt
      updatedAt
    }
  }
`;

export const DELETE_SECRET = gql`
  mutation DeleteSecret($name: String!) {
    deleteSecret(name: $name)
  }
`;
