import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  name: string;
  /** When this value changes (new data: a load, an analysis), a failed panel tries again by itself. */
  resetKey?: unknown;
}

/**
 * A render error in one panel shows a message and a Retry there instead of a blank page: every panel has
 * its own boundary, so the header (file input) and the other panels keep working.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(`${this.props.name} failed:`, error);
  }
  override componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
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
