import { gql } from '@apollo/client';

/** The GraphQL documents of run history and credit usage. */

const RUN_SUMMARY_FIELDS = gql`
  fragment RunSummaryFields on Run {
    id
    appId
    appName
    status
    actionType
    source
    runner {
      id
      name
    }
    mine
    cost
    durationMs
    createdAt
    finishedAt
    error
    errorCode
    detailsHidden
  }
`;

export const APP_RUNS = gql`
  query AppRuns($appId: ID!, $limit: Int!, $cursor: String, $status: String, $source: String) {
    appRuns(appId: $appId, limit: $limit, cursor: $cursor, status: $status, source: $source) {
      runs {
        ...RunSummaryFields
      }
      nextCursor
    }
  }
  ${RUN_SUMMARY_FIELDS}
`;

export const MY_RUNS = gql`
  query MyRuns($limit: Int!, $cursor: String, $appId: ID) {
    myRuns(limit: $limit, cursor: $cursor, appId: $appId) {
      runs {
        ...RunSummaryFields
      }
      nextCursor
    }
  }
  ${RUN_SUMMARY_FIELDS}
`;

export const RUN_DETAIL = gql`
  query RunDetail($id: ID!) {
    run(id: $id) {
      ...RunSummaryFields
      inputs
      result
      nodes
      steps {
        nodeId
        kind
        title
        status
        startedAt
        finishedAt
        durationMs
        inputs
        outputs
        outputFiles
        truncated
        error
        model
        usage
        items
      }
    }
  }
  ${RUN_SUMMARY_FIELDS}
`;

/** A run's ending as the run record keeps it (for a watcher that lost the run's events). */
export const RUN_OUTCOME = gql`
  query RunOutcome($id: ID!) {
    run(id: $id) {
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

export const DELETE_RUN = gql`
  mutation DeleteRun($id: ID!) {
    deleteRun(id: $id)
  }
`;

export const RUN_SHARING = gql`
  query RunSharing($id: ID!) {
    app(id: $id) {
      id
      shareRunDetails
    }
  }
`;

export const PUBLISHED_RUN_SHARING = gql`
  query PublishedRunSharing($slug: String!) {
    publishedApp(slug: $slug) {
      id
      shareRunDetails
    }
  }
`;

export const SET_RUN_SHARING = gql`
  mutation SetRunSharing($appId: ID!, $share: Boolean!) {
    setRunSharing(appId: $appId, share: $share) {
      id
      shareRunDetails
    }
  }
`;

const CREDIT_ENTRY_FIELDS = gql`
  fragment CreditEntryFields on CreditHistoryEntry {
    _id
    block_type
    action_type
    timestamp
    credits_used
  }
`;

export const CREDIT_HISTORY = gql`
  query CreditHistory($limit: Int!) {
    creditHistory(limit: $limit) {
      ...CreditEntryFields
    }
  }
  ${CREDIT_ENTRY_FIELDS}
`;

export const CREDIT_HISTORY_PAGE = gql`
  query CreditHistoryPage($limit: Int!, $cursor: String) {
    creditHistoryPage(limit: $limit, cursor: $cursor) {
      entries {
        ...CreditEntryFields
      }
      nextCursor
    }
  }
  ${CREDIT_ENTRY_FIELDS}
`;

export const CREDIT_STATS = gql`
  query CreditStats {
    creditStats {
      totalCreditsUsed
      totalExecutions
    }
  }
`;
