import { Button } from '@mantine/core';
import { Link, isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useReportedError } from '../../lib/monitoring';

const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);

/** Shown when a route fails to load or render. */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  // reported to monitoring (when on) unless it is an expected answer such as a 404
  const eventId = useReportedError(error);

  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        fullPage={fullPage}
        title="Leadtrail was updated"
        message="A newer version is available. Reload the page to continue where you were."
        onRetry={() => window.location.reload()}
      />
    );
  }

  const message = isApiError(error)
    ? errorMessage(error)
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : undefined;

  return (
    <ErrorScreen
      fullPage={fullPage}
      message={message}
      eventId={eventId}
      onRetry={() => {
        // Loader failures can be retried in place; render errors need a fresh page.
        if (isApiError(error) || isRouteErrorResponse(error)) void revalidator.revalidate();
        else window.location.reload();
      }}
      actions={
        <Button component={Link} to="/" variant="default">
          Back to dashboard
        </Button>
      }
    />
  );
}

export function RootRouteError() {
  return <RouteError fullPage />;
}
