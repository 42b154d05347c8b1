import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Toasts } from './components/Toasts';
import { ADMIN_USERS_PATH } from './texts/admin-users-texts';
import { AI_PROVIDERS_PATH } from './texts/ai-providers-texts';
import { EARNINGS_PATH } from './texts/earnings-texts';
import { API_KEYS_PATH } from './texts/api-texts';
import { SECRETS_PATH } from './texts/secret-texts';
import { CONNECTED_APPS_PATH } from './texts/connected-app-texts';
import { KNOWLEDGE_PATH } from './texts/knowledge-texts';

// Every page is loaded when first visited: the builder, the largest, does not wait for the others.
const HomePage = lazy(() => import('./pages/home/HomePage').then((m) => ({ default: m.HomePage })));
const SignInPage = lazy(() => import('./pages/signin/SignInPage').then((m) => ({ default: m.SignInPage })));
const NotFoundPage = lazy(() =>
  import('./pages/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const BuilderPage = lazy(() => import('./pages/builder/BuilderPage'));
const StorePage = lazy(() => import('./pages/store/StorePage'));
const PublisherPage = lazy(() => import('./pages/publisher/PublisherPage'));
const MyAppsPage = lazy(() => import('./pages/my-apps/MyAppsPage'));
const PrivacyPage = lazy(() => import('./pages/legal/PrivacyPage'));
const TermsPage = lazy(() => import('./pages/legal/TermsPage'));
const RunnerPage = lazy(() => import('./pages/runner/RunnerPage'));
const SignUpPage = lazy(() => import('./pages/signup/SignUpPage'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password/ResetPasswordPage'));
const AuthCallbackPage = lazy(() => import('./pages/auth-callback/AuthCallbackPage'));
const AuthDemoPage = lazy(() => import('./pages/auth-demo/AuthDemoPage'));
const AnalyticsPage = lazy(() => import('./pages/admin/AnalyticsPage'));
const VerificationPage = lazy(() => import('./pages/admin/VerificationPage'));
const AiProvidersPage = lazy(() => import('./pages/admin/AiProvidersPage'));
const UsersPage = lazy(() => import('./pages/admin/UsersPage'));
const EarningsPage = lazy(() => import('./pages/earnings/EarningsPage'));
const ApiKeysPage = lazy(() => import('./pages/api-keys/ApiKeysPage'));
const ConnectedAppsPage = lazy(() => import('./pages/connected-apps/ConnectedAppsPage'));
const OAuthConsentPage = lazy(() => import('./pages/oauth-consent/OAuthConsentPage'));
const SecretsPage = lazy(() => import('./pages/secrets/SecretsPage'));
const KnowledgePage = lazy(() => import('./pages/knowledge/KnowledgePage'));
const EmbedPage = lazy(() => import('./pages/embed/EmbedPage'));
const EmbedSignInPage = lazy(() => import('./pages/embed/EmbedSignInPage'));
const AppRunsPage = lazy(() => import('./pages/runs/AppRunsPage'));
const TriggersPage = lazy(() => import('./pages/triggers/TriggersPage'));
const TestsPage = lazy(() => import('./pages/tests/TestsPage'));
const MyRunsPage = lazy(() => import('./pages/runs/MyRunsPage'));
const RunPage = lazy(() => import('./pages/runs/RunPage'));
const CreditsHistoryPage = lazy(() => import('./pages/credits/CreditsHistoryPage'));

export function App() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Suspense
          fallback={
            <div className="page-loading">
              <Spinner aria-label="Loading" />
            </div>
          }
        >
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/app" element={<BuilderPage />} />
            <Route path="/app/:slug" element={<RunnerPage />} />
            <Route path="/signin" element={<SignInPage />} />
            <Route path="/signup" element={<SignUpPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/auth/callback" element={<AuthCallbackPage />} />
            <Route path="/auth-demo" element={<AuthDemoPage />} />
            <Route path="/analytics" element={<AnalyticsPage />} />
            <Route path="/verification" element={<VerificationPage />} />
            <Route path={ADMIN_USERS_PATH} element={<UsersPage />} />
            <Route path={AI_PROVIDERS_PATH} element={<AiProvidersPage />} />
            <Route path="/store" element={<StorePage />} />
            <Route path="/store/user/:userId" element={<PublisherPage />} />
            <Route path="/my-apps" element={<MyAppsPage />} />
            <Route path="/my-apps/:appId/runs" element={<AppRunsPage />} />
            <Route path="/my-apps/:appId/triggers" element={<TriggersPage />} />
            <Route path="/my-apps/:appId/tests" element={<TestsPage />} />
            <Route path="/runs" element={<MyRunsPage />} />
            <Route path="/runs/:runId" element={<RunPage />} />
            <Route path="/credits" element={<CreditsHistoryPage />} />
            <Route path={API_KEYS_PATH} element={<ApiKeysPage />} />
            <Route path={SECRETS_PATH} element={<SecretsPage />} />
            <Route path={CONNECTED_APPS_PATH} element={<ConnectedAppsPage />} />
            <Route path="/oauth/interaction/:uid" element={<OAuthConsentPage />} />
            <Route path={KNOWLEDGE_PATH} element={<KnowledgePage />} />
            <Route path={EARNINGS_PATH} element={<EarningsPage />} />
            <Route path="/embed/:slug" element={<EmbedPage />} />
            <Route path="/embed/:slug/sign-in" element={<EmbedSignInPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
      <Toasts />
    </BrowserRouter>
  );
}
