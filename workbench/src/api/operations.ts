import { gql } from '@apollo/client';

export const APP_FIELDS = gql`
  fragment AppFields on App {
    id
    name
    description
    slug
    category
    isPrivate
    isPublished
    owner_id
    upvotes
    views
    uses
    config
    verificationStatus
    reviewNotes
    createdAt
    draftVersionId
    liveVersionId
    submittedVersionId
    creatorPrice
  }
`;

const SESSION_FIELDS = gql`
  fragment SessionFields on Session {
    access_token
    refresh_token
    expires_at
  }
`;

const USER_FIELDS = gql`
  fragment UserFields on AuthUser {
    id
    email
    user_metadata {
      full_name
      isAdmin
    }
  }
`;

const PUBLISHING_FIELDS = gql`
  fragment PublishingFields on PublishingInfo {
    plan
    limit
    currentCount
    remaining
    canPublish
  }
`;

export const BLOCK_CATALOGUE = gql`
  query BlockCatalogue {
    blockCatalogue {
      id
      name
      description
      category
      version
      settings
      outputs {
        name
        type
        description
      }
      cost
      historyType
      inputKind
      inputChecks
      paletteRank
      tier
      flow
      present
    }
  }
`;

export const AVAILABLE_MODELS = gql`
  query AvailableModels {
    availableModels {
      models
      defaultModel
    }
  }
`;

export const CREDIT_COSTS = gql`
  query CreditCosts {
    creditCosts
  }
`;

export const SIGN_IN = gql`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      user {
        ...UserFields
      }
      session {
        ...SessionFields
      }
    }
  }
  ${USER_FIELDS}
  ${SESSION_FIELDS}
`;

export const SIGN_UP = gql`
  mutation SignUp($email: String!, $password: String!, $fullName: String) {
    signUp(email: $email, password: $password, fullName: $fullName) {
      user {
        ...UserFields
      }
      session {
        ...SessionFields
      }
      confirmationMailSent
    }
  }
  ${USER_FIELDS}
  ${SESSION_FIELDS}
`;

export const REFRESH_SESSION = gql`
  mutation RefreshSession($refreshToken: String!) {
    refreshSession(refreshToken: $refreshToken) {
      session {
        ...SessionFields
      }
    }
  }
  ${SESSION_FIELDS}
`;

export const SIGN_OUT = gql`
  mutation SignOut {
    signOut
  }
`;

export const ME = gql`
  query Me {
    me {
      ...UserFields
    }
  }
  ${USER_FIELDS}
`;

export const CREDITS = gql`
  query Credits {
    credits {
      credits
      unlimited
    }
  }
`;

export const INITIALIZE_CREDITS = gql`
  mutation InitializeCredits {
    initializeCredits {
      credits
      unlimited
    }
  }
`;

export const PUBLISHING_INFO = gql`
  query PublishingInfo {
    publishingInfo {
      ...PublishingFields
    }
  }
  ${PUBLISHING_FIELDS}
`;

export const MY_APPS = gql`
  query MyApps {
    myApps {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const APP = gql`
  query App($id: ID!) {
    app(id: $id) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const CREATE_APP = gql`
  mutation CreateApp($input: AppInput!) {
    createApp(input: $input) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const UPDATE_APP = gql`
  mutation UpdateApp($id: ID!, $input: AppInput!, $autosave: Boolean) {
    updateApp(id: $id, input: $input, autosave: $autosave) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const PUBLISH_APP_WITH_DATA = gql`
  mutation PublishAppWithData($id: ID, $input: AppInput!) {
    publishAppWithData(id: $id, input: $input) {
      app {
        ...AppFields
      }
      publishingInfo {
        ...PublishingFields
      }
    }
  }
  ${APP_FIELDS}
  ${PUBLISHING_FIELDS}
`;

const VERSION_ENTRY_FIELDS = gql`
  fragment VersionEntryFields on AppVersion {
    id
    appId
    number
    kind
    summary
    authorId
    authorName
    createdAt
    updatedAt
    isDraft
    isLive
    isInReview
    name
  }
`;

export const APP_VERSIONS = gql`
  query AppVersions($appId: ID!) {
    appVersions(appId: $appId) {
      ...VersionEntryFields
    }
  }
  ${VERSION_ENTRY_FIELDS}
`;

export const APP_VERSION = gql`
  query AppVersion($appId: ID!, $versionId: ID!) {
    appVersion(appId: $appId, versionId: $versionId) {
      ...VersionEntryFields
      description
      category
      config
      changesFromLive
    }
  }
  ${VERSION_ENTRY_FIELDS}
`;

export const RESTORE_APP_VERSION = gql`
  mutation RestoreAppVersion($appId: ID!, $versionId: ID!) {
    restoreAppVersion(appId: $appId, versionId: $versionId) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const START_RUN = gql`
  mutation StartRun($appId: ID!, $inputs: JSONObject, $actionType: String! = "test_execution") {
    startRun(appId: $appId, inputs: $inputs, actionType: $actionType) {
      runId
      cost
    }
  }
`;

export const RUN_PROGRESS = gql`
  subscription RunProgress($runId: ID!) {
    runProgress(runId: $runId)
  }
`;

export const TRACK_EVENT = gql`
  mutation TrackEvent($name: String!, $props: JSONObject) {
    trackEvent(name: $name, props: $props)
  }
`;

// ---- the app page, the assistants and the upgrade ----------------------------------------------

export const PUBLISHED_APP = gql`
  query PublishedApp($slug: String!) {
    publishedApp(slug: $slug) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const USER_BY_AUTH_ID = gql`
  query UserByAuthId($id: ID!) {
    userByAuthId(id: $id) {
      id
      full_name
    }
  }
`;

export const RECORD_APP_VIEW = gql`
  mutation RecordAppView($id: ID!) {
    recordAppView(id: $id)
  }
`;

export const UPVOTE_STATUS = gql`
  query UpvoteStatus($appId: ID!) {
    upvoteStatus(appId: $appId)
  }
`;

export const UPVOTED_APPS = gql`
  query UpvotedApps($appIds: [ID!]!) {
    upvotedApps(appIds: $appIds)
  }
`;

export const UPVOTE_APP = gql`
  mutation UpvoteApp($id: ID!) {
    upvoteApp(id: $id) {
      counted
      upvotes
    }
  }
`;

export const GENERATE_APP = gql`
  mutation GenerateApp($prompt: String!) {
    generateApp(prompt: $prompt) {
      message
      plugins
      connections
      variableMapping
      appName
      appDescription
    }
  }
`;

export const GENERATE_PROMPT = gql`
  mutation GeneratePrompt($description: String!, $variables: [String!]!) {
    generatePrompt(description: $description, variables: $variables)
  }
`;

export const CREATE_CHECKOUT_SESSION = gql`
  mutation CreateCheckoutSession {
    createCheckoutSession {
      url
      sessionId
    }
  }
`;

export const BILLING_INFO = gql`
  query BillingInfo {
    serverInfo {
      billingEnabled
    }
  }
`;

export const RECOVER_PASSWORD = gql`
  mutation RecoverPassword($email: String!) {
    recoverPassword(email: $email)
  }
`;

export const UPDATE_PASSWORD = gql`
  mutation UpdatePassword($password: String!) {
    updatePassword(password: $password) {
      ...UserFields
    }
  }
  ${USER_FIELDS}
`;

export const CREATE_USER = gql`
  mutation CreateUser($fullName: String) {
    createUser(fullName: $fullName) {
      id
    }
  }
`;

export const SERVER_INFO = gql`
  query ServerInfo {
    serverInfo {
      authProvider
      billingEnabled
      firebase {
        apiKey
        authDomain
        projectId
        authEmulatorUrl
      }
    }
  }
`;

export const ANALYTICS_SUMMARY = gql`
  query AnalyticsSummary($range: String!) {
    analyticsSummary(range: $range) {
      range
      raw
      recent {
        name
        at
        props
      }
    }
  }
`;

export const PENDING_APPS = gql`
  query PendingApps {
    pendingApps {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const APP_STATUS_COUNTS = gql`
  query AppStatusCounts {
    appStatusCounts {
      pending
      approved
      rejected
    }
  }
`;

export const REVIEW_APP = gql`
  mutation ReviewApp($id: ID!, $status: String!, $reviewNotes: String) {
    reviewApp(id: $id, status: $status, reviewNotes: $reviewNotes) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const STORE_APPS = gql`
  query StoreApps {
    storeApps {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const APPS_BY_USER = gql`
  query AppsByUser($userId: ID!) {
    appsByUser(userId: $userId) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const DELETE_APP = gql`
  mutation DeleteApp($id: ID!) {
    deleteApp(id: $id)
  }
`;

export const SET_APP_PRIVATE = gql`
  mutation SetAppPrivate($id: ID!, $isPrivate: Boolean!) {
    setAppPrivate(id: $id, isPrivate: $isPrivate) {
      ...AppFields
    }
  }
  ${APP_FIELDS}
`;

export const MY_APPS_ANALYTICS = gql`
  query MyAppsAnalytics($period: String!, $appId: ID) {
    myAppsAnalytics(period: $period, appId: $appId) {
      period
      level
      appId
      apps {
        id
        name
        isPublished
        isPrivate
        category
        createdAt
        views
        runs
        upvotes
      }
      history {
        date
        runs
        views
      }
      totals {
        views
        runs
        upvotes
      }
    }
  }
`;

export const CONTACT_SALES = gql`
  mutation ContactSales($input: SalesContactInput!) {
    contactSales(input: $input) {
      message
    }
  }
`;
