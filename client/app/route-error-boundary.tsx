import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface Props {
  children: ReactNode;
  /** Changes with every navigation (the location's key): going elsewhere clears the error. */
  resetKey: string;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * The error page in place of a page that fails to render or whose code cannot be loaded (e.g. after a new
 * release), inside the layout; the next navigation tries again. React catches render errors only in a
 * class component.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
