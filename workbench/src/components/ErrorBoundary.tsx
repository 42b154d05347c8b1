import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { usePageTitle } from './use-page-title';
import { PAGE_TITLES } from '../texts/page-titles';
import { ERROR_SCREEN } from '../texts/public-texts';
import './public.css';

function ErrorScreen() {
  usePageTitle(PAGE_TITLES.error);
  return (
    <div className="error-screen" role="alert">
      <NonIdealState
        icon={<ErrorIcon size={48} className="danger-icon" />}
        title={ERROR_SCREEN.title}
        description={ERROR_SCREEN.text}
        action={
          <Button intent="primary" text={ERROR_SCREEN.refresh} onClick={() => window.location.reload()} />
        }
      />
    </div>
  );
}

interface State {
  error: Error | null;
}

/** The global error screen: 'Something went wrong' with Refresh Page, instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The page stopped with an error.', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorScreen /> : this.props.children;
  }
}
