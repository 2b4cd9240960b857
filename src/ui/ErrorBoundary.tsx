import { Component, type ReactNode } from 'react';

/** A render error in a panel shows a message and a retry instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; name: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(`${this.props.name} failed:`, error);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="banner error" role="alert" data-testid="panel-error">
        {this.props.name} failed: {this.state.error.message}{' '}
        <button onClick={() => this.setState({ error: null })}>Retry</button>
      </div>
    );
  }
}
