import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../lib/monitoring';
import { ErrorScreen } from './error-screen';

type State = { failed: boolean; eventId?: string };

/**
 * The last line of defence around the router (route errors are handled by the routes' own
 * error elements): a friendly screen with the error report's id instead of a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ eventId: reportError(error, info) });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorScreen fullPage eventId={this.state.eventId} onRetry={() => window.location.reload()} />;
  }
}
