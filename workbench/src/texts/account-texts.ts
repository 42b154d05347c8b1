/**
 * Every user-facing text of the account and admin pages. Texts the spec gives are written exactly
 * as it writes them; the others are decisions recorded in the workbench README.
 */
export const ACCOUNT_TEXTS = {
  // Spec texts.
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  googleSignInError: 'An unexpected error occurred with Google sign-in. Please try again.',
  googleSignUpError: 'An unexpected error occurred with Google sign-up. Please try again.',
  resetLinkSent: 'Password reset link sent! Check your email.',
  passwordUpdated: 'Password updated successfully! Redirecting to sign in...',
  checkYourEmail: 'Check Your Email',
  completingSignIn: 'Completing sign-in...',
  authenticationFailed: 'Authentication failed. Please try again.',
  noSessionFound: 'No session found. Please try signing in again.',
  backToSignIn: 'Back to Sign In',

  // Decisions (the spec is silent).
  signInTitle: 'Welcome back',
  signInSubtitle: 'Sign in to build, run and publish your AI apps.',
  forgotTitle: 'Reset your password',
  forgotSubtitle: 'Enter your e-mail address and we will send you a link to choose a new password.',
  signUpTitle: 'Create your account',
  signUpSubtitle: 'Build AI apps by connecting blocks, then share them in the store.',
  resetTitle: 'Choose a new password',
  resetDoneTitle: 'Password updated',
  resetSubtitle: 'Enter your new password twice.',
  signInRequired: 'Enter your e-mail address and password.',
  emailRequired: 'Enter your e-mail address.',
  signUpRequired: 'Please fill in every field.',
  passwordsRequired: 'Enter your new password twice.',
  checkEmailBody: (email: string) =>
    `We sent a confirmation link to ${email}. Open it to finish creating your account, then sign in.`,
  adminCheckEmailBody: (email: string) =>
    `Your account is ready. We also sent a confirmation link to ${email}: this address is listed as an administrator, and opening the link unlocks the admin pages (app review and product analytics).`,
  continueToApp: 'Start building',
  googleNotConfigured:
    'Google sign-in is not configured on this server. Use your e-mail address and a password instead.',
  resetLinkMissing:
    'This page needs the link from your password reset e-mail. Request a new link from the sign-in page.',
  resetLinkExpired: 'This reset link has expired or was already used. Please request a new one.',
  continueWithGoogle: 'Continue with Google',
  callbackErrorTitle: 'Sign-in did not complete',
  demoTitle: 'Sign-in components',
  demoSubtitle: 'The account screens in their states, for design review. Nothing here signs anyone in.',
  signUpWithGoogle: 'Sign up with Google',
} as const;

export const ADMIN_TEXTS = {
  // Spec texts.
  checkingAdmin: 'Checking admin access...',
  noPermission: 'You do not have permission to view this page.',
  fetchAnalyticsFailed: 'Failed to fetch analytics',
  noAnalyticsData: 'No analytics data available.',
  accessDenied: 'Access Denied',
  fetchPendingFailed: (status: string) => `Failed to fetch pending apps: ${status}`,
  reviewFailed: 'Review Failed',
  reviewAppFailed: 'Failed to review app',
  appApproved: 'App Approved',
  appRejected: 'App Rejected',
  notesRequiredTitle: 'Review Notes Required',
  notesRequiredBody: 'Please provide review notes when rejecting an app.',

  // Decisions.
  analyticsTitle: 'Product analytics',
  verificationTitle: 'App verification',
  accessDeniedBody: 'Only administrators can review apps.',
  signInAsAdmin: 'Sign in with an administrator account to continue.',
  noPendingApps: 'No apps are waiting for review.',
  approvedBody: (name: string) => `"${name}" is now publicly available in the store.`,
  rejectedBody: (name: string) => `"${name}" was sent back to its owner with your notes.`,
} as const;
