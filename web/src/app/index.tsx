import { ErrorBoundary } from '../components/errors/error-boundary';
import { AppProvider } from './provider';
import { AppRouter, type AppRouterProps } from './router';

export function App({ Router }: AppRouterProps) {
  return (
    <ErrorBoundary region="Silverboard">
      <AppProvider>
        <AppRouter Router={Router} />
      </AppProvider>
    </ErrorBoundary>
  );
}
