import { AlertTriangle, RotateCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button';

type BoundaryProps = {
  /** What failed, for the message ("this note", "this answer"). */
  what: string;
  /** A compact notice in place of one part (a rendered answer) rather than a whole view. */
  inline?: boolean;
  /** Shown instead of the notice, e.g. the markdown as plain text. */
  fallback?: ReactNode;
  children: ReactNode;
};

type BoundaryState = { error: Error | null };

/**
 * Keeps one broken part from blanking the app: a render error in a view (or in one rendered
 * answer inside it) is shown in its place, and the rest keeps working. Remounting it (a `key`
 * that follows the route) tries again.
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`knower: ${this.props.what} could not be shown`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    const retry = () => this.setState({ error: null });
    if (this.props.inline) {
      return (
        <p role="alert" className="flex items-start gap-2 text-[13px] text-muted">
          <AlertTriangle aria-hidden size={15} className="mt-0.5 shrink-0 text-answer" />
          <span>
            {this.props.what} could not be shown ({error.message}).
          </span>
        </p>
      );
    }
    return (
      <div role="alert" className="flex min-h-64 flex-1 flex-col items-center justify-center px-8 py-16 text-center">
        <AlertTriangle aria-hidden size={22} className="mb-3 text-answer" />
        <h2 className="text-[15px] font-semibold">Something in {this.props.what} could not be shown</h2>
        <p className="mt-1.5 max-w-sm text-[13px] leading-relaxed text-muted">The rest of Knower works as usual. {error.message}</p>
        <div className="mt-5">
          <Button onClick={retry}>
            <RotateCw size={14} /> Try again
          </Button>
        </div>
      </div>
    );
  }
}
