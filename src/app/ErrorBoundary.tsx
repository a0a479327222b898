import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DefaultErrorView } from '../views/layouts/DefaultErrorView';
import { removeLandingShell } from './landingShell/shellDom';

/** Spec §2.1: a default error screen reads 'Unexpected Application Error!'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
    // The error screen, not the start-up shell of `/`, is what is shown.
    removeLandingShell(document);
  }

  override render(): ReactNode {
    return this.state.failed ? <DefaultErrorView /> : this.props.children;
  }
}
