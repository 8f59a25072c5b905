import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface State {
  failed: boolean;
}

/** Catches render failures anywhere below and shows the global error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  private handleBack = () => {
    this.setState({ failed: false });
    // The app's home: the server answers `/` with the public landing page.
    window.location.assign('/app');
  };

  render() {
    if (this.state.failed) return <ErrorScreen onBack={this.handleBack} />;
    return this.props.children;
  }
}
