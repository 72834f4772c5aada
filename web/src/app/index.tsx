import { ErrorBoundary } from '../components/errors/error-boundary';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <ErrorBoundary region="Silverboard">
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </ErrorBoundary>
  );
}
